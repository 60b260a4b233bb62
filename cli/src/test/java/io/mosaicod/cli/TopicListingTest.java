package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicSummary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TopicListingTest {

    private static TopicSummary summary(String locator, int chunks) {
        Topic topic = new Topic(chunks, UUID.randomUUID(), 1, 1, locator, "{}", "tp_x", "default", Optional.empty(),
                Instant.EPOCH, Optional.of(Instant.EPOCH), false, OptionalLong.empty(), OptionalLong.empty(),
                Optional.empty());
        return new TopicSummary(topic, chunks, 1234L * chunks, 10L * chunks, false, false);
    }

    private static String listed(List<TopicSummary> summaries, boolean json) throws Exception {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        TopicListing listing = json ? TopicListing.json(out) : TopicListing.table(out);
        summaries.forEach(listing);
        listing.finish();
        out.flush();
        return text.toString();
    }

    /** The form {@code --json} printed when the whole list was held: one array written at once. */
    private static String heldJson(List<TopicSummary> summaries) throws Exception {
        List<Map<String, Object>> maps = summaries.stream().map(s -> {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("locator", s.topic().locator());
            map.put("chunks", s.chunks());
            map.put("bytes", s.bytes());
            map.put("rows", s.rows());
            map.put("upload", s.uploadState().label());
            map.put("optimization", s.optimizationState().label());
            return map;
        }).toList();
        return TopicListing.JSON.writeValueAsString(maps) + System.lineSeparator();
    }

    @Test
    void streamedJsonIsTheArrayTheHeldListingPrinted() throws Exception {
        for (int count : new int[] {0, 1, 3}) {
            List<TopicSummary> summaries = IntStream.range(0, count).mapToObj(i -> summary("run/t" + i, i)).toList();
            assertThat(listed(summaries, true)).as(count + " topics").isEqualTo(heldJson(summaries));
        }
    }

    @Test
    void aTableWithinTheWindowIsAlignedOverEveryRow() throws Exception {
        List<TopicSummary> summaries = List.of(summary("run/a", 1), summary("run/a_much_longer_name", 12));
        TextTable held = new TextTable("TOPIC", "CHUNKS", "SIZE", "ROWS", "UPLOAD", "OPTIMIZATION");
        summaries.forEach(s -> held.add(s.topic().locator(), Integer.toString(s.chunks()),
                TopicListing.bytes(s.bytes()), Long.toString(s.rows()), "complete", "not optimized"));
        StringWriter text = new StringWriter();
        held.printTo(new PrintWriter(text, true));
        assertThat(listed(summaries, false)).isEqualTo(text.toString());
    }

    @Test
    void rowsPastTheWindowArePrintedInTheWindowsColumns() throws Exception {
        List<TopicSummary> summaries = new java.util.ArrayList<>(IntStream.range(0, StreamedTable.WINDOW)
                .mapToObj(i -> summary(String.format("run/t%04d", i), 1)).toList());
        summaries.add(summary("run/t9999", 2));
        summaries.add(summary("run/a_name_wider_than_the_column", 3));
        List<String> lines = listed(summaries, false).lines().toList();
        assertThat(lines).hasSize(StreamedTable.WINDOW + 3);
        int chunksColumn = lines.get(0).indexOf("CHUNKS");
        assertThat(lines.get(StreamedTable.WINDOW + 1).indexOf(" 2 ") + 1).isEqualTo(chunksColumn);
        assertThat(lines.get(StreamedTable.WINDOW + 2)).startsWith("run/a_name_wider_than_the_column  3  ");
    }

    @Test
    void sizesAreRoundedAsFormattingWithTwoOneOrNoDecimalsRounds() {
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 100_000; i++) {
            long bytes = (long) Math.pow(10, random.nextDouble() * 13) + random.nextInt(1000);
            double value = bytes;
            int unit = -1;
            while (value >= 1000 && unit < 3) {
                value /= 1000;
                unit++;
            }
            String expected = bytes < 1000 ? bytes + " B" : String.format(java.util.Locale.ROOT,
                    value < 10 ? "%.2f %s" : value < 100 ? "%.1f %s" : "%.0f %s", value,
                    new String[] {"kB", "MB", "GB", "TB"}[unit]);
            assertThat(TopicListing.bytes(bytes)).as("%d bytes", bytes).isEqualTo(expected);
        }
        assertThat(TopicListing.bytes(9_995_000)).isEqualTo("10.00 MB");
        assertThat(TopicListing.bytes(999_500)).isEqualTo("1000 kB");
    }
}
