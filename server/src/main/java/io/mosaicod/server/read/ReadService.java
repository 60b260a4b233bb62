package io.mosaicod.server.read;

import io.mosaicod.server.catalog.CatalogLookup;
import io.mosaicod.read.TopicReader;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.store.ObjectStore;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;

/** The read path of PROTOCOL.md §5: ListFlights, GetFlightInfo and DoGet. */
public final class ReadService {
    private final SequenceListing listing;
    private final FlightInfos flightInfos;
    private final TopicStreamer streamer;
    private final BufferAllocator allocator;

    /**
     * @param allocator          memory for reading chunks; each stream takes a child of it
     * @param executor           runs DoGet streams
     * @param targetMessageBytes the size DoGet aims at for each batch it sends
     * @param stallTimeout       how long a DoGet waits for its client to read before cancelling the stream
     * @param maxStreams         DoGet streams open at once; more are refused
     */
    public ReadService(WireCodec codec, CatalogLookup lookup, ObjectStore store, BufferAllocator allocator,
                       Executor executor, long targetMessageBytes, Duration stallTimeout, int maxStreams) {
        this.allocator = allocator;
        TopicResolver resolver = new TopicResolver(lookup, store);
        TopicManifests manifests = new TopicManifests(new RangeStatistics(lookup.catalog(), store, allocator));
        this.listing = new SequenceListing(lookup);
        this.flightInfos = new FlightInfos(codec, lookup, resolver, manifests);
        // Of the memory streams may use (the JVM's direct memory defaults to its heap size), an eighth is set
        // aside for what gRPC queued for parked streams (up to the ready threshold and two messages each), a
        // quarter for the streams reading (read-ahead and a few decoded batches each): uploads, gRPC's own
        // buffer pools and the chunks read ahead into the file cache need the rest.
        long memory = Math.min(allocator.getLimit(), Runtime.getRuntime().maxMemory());
        int concurrentReads = (int) Math.max(2, memory / 4 / (TopicReader.READ_AHEAD_BYTES + 4 * targetMessageBytes));
        this.streamer = new TopicStreamer(codec, lookup.catalog(), resolver, manifests, store, allocator, executor,
                targetMessageBytes, stallTimeout, ParkingLot.forMemory(memory / 8, 3 * targetMessageBytes),
                concurrentReads, maxStreams);
    }

    public void listSequences(byte[] criteria, Consumer<FlightInfo> out) {
        listing.list(criteria, out);
    }

    public FlightInfo flightInfo(FlightDescriptor descriptor) {
        return flightInfos.describe(descriptor);
    }

    /** DoGet streams running now (reading, sending or waiting for their client). */
    public int openStreams() {
        return streamer.openStreams();
    }

    /** Bytes the reads' allocator holds now. */
    public long allocatedBytes() {
        return allocator.getAllocatedMemory();
    }

    /** How many times a DoGet stream let go of its read because its client paused. */
    public long streamParkings() {
        return streamer.parkings();
    }

    /** Starts a DoGet stream and returns at once. */
    public void stream(Ticket ticket, ServerStreamListener listener) {
        streamer.stream(ticket, listener);
    }
}
