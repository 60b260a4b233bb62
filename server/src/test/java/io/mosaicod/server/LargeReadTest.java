package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.testkit.TestSeed;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;

/**
 * An upload and a read of tens of megabytes in messages of megabytes, as a camera topic is written and an optimized
 * topic is read: every byte arrives as sent through the tuned connections (the client's composed receive buffers,
 * the larger HTTP/2 frames each side asks of the other) and the pooled Arrow memory of both sides, across frame,
 * socket-read and message boundaries; and the frames each side receives are in fact larger than HTTP/2's 16 KiB
 * (gRPC's own frame logs, at debug level for the test).
 */
class LargeReadTest extends ServerFixture {
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", new FieldType(false, new ArrowType.Int(64, true), null, Map.of()), null),
            new Field("payload", FieldType.nullable(ArrowType.Binary.INSTANCE), null)));
    private static final int BATCHES = 24;
    private static final int ROWS_PER_BATCH = 40;
    /** HTTP/2's default largest frame. */
    private static final int DEFAULT_FRAME = 16_384;
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }

    /** Row {@code ts}'s payload: 20–80 KB of bytes drawn from the seed and the timestamp. */
    private static byte[] payload(long seed, long ts) {
        Random random = new Random(seed * 31 + ts);
        byte[] bytes = new byte[20_000 + random.nextInt(60_000)];
        random.nextBytes(bytes);
        return bytes;
    }

    @Test
    void megabyteMessagesArriveByteForByteInFramesLargerThanHttp2s() {
        try (FrameSizes serverReceived = FrameSizes.inboundOf("io.grpc.netty.NettyServerHandler");
             FrameSizes clientReceived = FrameSizes.inboundOf("io.grpc.netty.NettyClientHandler")) {
            uploadAndReadBack(SEED.value());
            assertThat(serverReceived.largest()).as("largest DATA frame the server received").isGreaterThan(DEFAULT_FRAME);
            assertThat(clientReceived.largest()).as("largest DATA frame the client received").isGreaterThan(DEFAULT_FRAME);
        }
    }

    private void uploadAndReadBack(long seed) {
        SessionHandle session = newSession("large");
        String locator = sequenceOf(session) + "/camera";
        UUID uuid = newTopic(session, "camera");
        try (TopicUpload upload = client.upload(locator, uuid, SCHEMA);
             VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator())) {
            for (int b = 0; b < BATCHES; b++) {
                batch.allocateNew();
                for (int r = 0; r < ROWS_PER_BATCH; r++) {
                    long ts = (long) b * ROWS_PER_BATCH + r;
                    ((BigIntVector) batch.getVector(0)).setSafe(r, ts);
                    ((VarBinaryVector) batch.getVector(1)).setSafe(r, payload(seed, ts));
                }
                batch.setRowCount(ROWS_PER_BATCH);
                upload.put(batch);
            }
            upload.complete();
        }
        long rows = 0;
        long bytes = 0;
        try (TopicReader reader = client.read(locator, null, null)) {
            while (reader.next()) {
                VectorSchemaRoot read = reader.batch();
                BigIntVector ts = (BigIntVector) read.getVector(0);
                VarBinaryVector payloads = (VarBinaryVector) read.getVector(1);
                for (int r = 0; r < read.getRowCount(); r++) {
                    assertThat(ts.get(r)).as("row %d (seed %d)", rows, seed).isEqualTo(rows);
                    byte[] payload = payloads.get(r);
                    assertThat(payload).as("payload of row %d (seed %d)", rows, seed).isEqualTo(payload(seed, rows));
                    bytes += payload.length;
                    rows++;
                }
            }
        }
        assertThat(rows).isEqualTo((long) BATCHES * ROWS_PER_BATCH);
        assertThat(bytes).as("enough bytes for messages of megabytes").isGreaterThan(40L << 20);
    }

    /** The lengths of the DATA frames one side's gRPC frame logger reports receiving, while open. */
    private static final class FrameSizes implements AutoCloseable {
        private static final Pattern INBOUND_DATA = Pattern.compile("INBOUND DATA: .* length=(\\d+)");
        private final Logger logger;
        private final Level level;
        private final ListAppender<ILoggingEvent> events = new ListAppender<>();

        private FrameSizes(Logger logger) {
            this.logger = logger;
            this.level = logger.getLevel();
            events.start();
            logger.addAppender(events);
            logger.setLevel(Level.DEBUG);
        }

        static FrameSizes inboundOf(String loggerName) {
            return new FrameSizes((Logger) LoggerFactory.getLogger(loggerName));
        }

        int largest() {
            return events.list.stream().map(event -> INBOUND_DATA.matcher(event.getFormattedMessage()))
                    .filter(Matcher::find).mapToInt(m -> Integer.parseInt(m.group(1))).max().orElse(0);
        }

        @Override
        public void close() {
            logger.setLevel(level);
            logger.detachAppender(events);
        }
    }
}
