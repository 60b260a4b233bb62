package io.mosaicod.read.search;

import static io.mosaicod.read.search.OntologyFilters.conditions;
import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.NumericColumnStats;
import io.mosaicod.db.TextColumnStats;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ChunkPruningTest {

    private static NumericColumnStats numbers(String path, double min, double max) {
        return new NumericColumnStats(path, OptionalDouble.of(min), OptionalDouble.of(max), false, false);
    }

    private static TextColumnStats texts(String path, String min, String max) {
        return new TextColumnStats(path, Optional.of(min), Optional.of(max), false);
    }

    private static boolean mayMatch(String ontology, ColumnStats... stats) {
        Map<String, ColumnStats> byPath = new java.util.HashMap<>();
        for (ColumnStats s : stats) {
            byPath.put(s.columnPath(), s);
        }
        return ChunkPruning.mayMatch(conditions(ontology), byPath);
    }

    @Test
    void comparisonsKeepAChunkWhoseRangeCanSatisfyThem() {
        NumericColumnStats x = numbers("pose.x", 10, 20);
        assertThat(mayMatch("{'imu.pose.x':{'$eq':15}}", x)).isTrue();
        assertThat(mayMatch("{'imu.pose.x':{'$eq':21}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$eq':9.5}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$lt':10}}", x)).isTrue(); // equal to min: kept (rounding)
        assertThat(mayMatch("{'imu.pose.x':{'$lt':9}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$leq':9.99}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$gt':20}}", x)).isTrue();
        assertThat(mayMatch("{'imu.pose.x':{'$gt':20.5}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$geq':21}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$between':[18, 30]}}", x)).isTrue();
        assertThat(mayMatch("{'imu.pose.x':{'$between':[21, 30]}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$between':[0, 9]}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$outside':[12, 30]}}", x)).isTrue();
        assertThat(mayMatch("{'imu.pose.x':{'$outside':[5, 25]}}", x)).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$in':[1, 2, 17]}}", x)).isTrue();
        assertThat(mayMatch("{'imu.pose.x':{'$in':[1, 2, 27]}}", x)).isFalse();
    }

    /** Upstream's defect: it skipped this chunk because 15 lies within [10, 20], though 10 and 20 differ from 15. */
    @Test
    void notEqualSkipsOnlyAChunkWhoseEveryValueIsTheOperand() {
        assertThat(mayMatch("{'imu.pose.x':{'$neq':15}}", numbers("pose.x", 10, 20))).isTrue();
        assertThat(mayMatch("{'imu.pose.x':{'$neq':15}}", numbers("pose.x", 15, 15))).isFalse();
        assertThat(mayMatch("{'imu.pose.x':{'$neq':15}}", new NumericColumnStats("pose.x", OptionalDouble.of(15),
                OptionalDouble.of(15), false, true))).as("NaN differs from 15").isTrue();
        assertThat(mayMatch("{'cam.frame':{'$neq':'a'}}", texts("frame", "a", "a"))).isFalse();
        assertThat(mayMatch("{'cam.frame':{'$neq':'a'}}", texts("frame", "a", "b"))).isTrue();
    }

    @Test
    void aRowMustSatisfyEveryConditionSoOneImpossibleConditionSkipsTheChunk() {
        NumericColumnStats x = numbers("x", 0, 1);
        NumericColumnStats y = numbers("y", 5, 6);
        assertThat(mayMatch("{'t.x':{'$eq':0.5},'t.y':{'$eq':5.5}}", x, y)).isTrue();
        assertThat(mayMatch("{'t.x':{'$eq':0.5},'t.y':{'$eq':9}}", x, y)).isFalse();
    }

    @Test
    void withoutStatisticsForTheLeafTheChunkIsRead() {
        assertThat(mayMatch("{'t.z':{'$eq':1}}", numbers("x", 0, 0))).isTrue();
    }

    @Test
    void textComparesByUtf8BytesNotByJavaStringOrder() {
        // in UTF-16 U+FFFD (FFFD) sorts above U+1F600 (D83D DE00); in UTF-8 (EF BF BD < F0 9F 98 80) below it
        TextColumnStats labels = texts("label", "\uFF5E", "\uD83D\uDE00");
        assertThat(mayMatch("{'det.label':{'$eq':'\uFFFD'}}", labels)).as("EF BF BD lies between").isTrue();
        assertThat(mayMatch("{'det.label':{'$eq':'a'}}", labels)).isFalse();
        assertThat(mayMatch("{'det.label':{'$in':['a','\uD83D\uDE00']}}", labels)).isTrue();
    }

    @Test
    void existenceUsesNullCountsOnlyWhereTheyAreComplete() {
        NumericColumnStats noNulls = numbers("speed", 1, 2);
        NumericColumnStats onlyNulls = new NumericColumnStats("speed", OptionalDouble.empty(), OptionalDouble.empty(),
                true, false);
        assertThat(mayMatch("{'odo.speed':'$nex'}", noNulls)).isFalse();
        assertThat(mayMatch("{'odo.speed':'$nex'}", onlyNulls)).isTrue();
        assertThat(mayMatch("{'odo.speed':'$ex'}", onlyNulls)).isFalse();
        assertThat(mayMatch("{'odo.speed':{'$eq':1}}", onlyNulls)).as("a null satisfies no comparison").isFalse();
        // a nested leaf's has_null may miss a null struct above it: never skipped for $nex
        assertThat(mayMatch("{'odo.twist.x':'$nex'}", numbers("twist.x", 1, 2))).isTrue();
    }

    @Test
    void listSpecifiersPruneByTheValuesOfEveryElement() {
        NumericColumnStats efforts = numbers("effort", -3, 3);
        assertThat(mayMatch("{'js.effort[?]':{'$gt':5}}", efforts)).isFalse();
        assertThat(mayMatch("{'js.effort[0]':{'$gt':2}}", efforts)).isTrue();
        assertThat(mayMatch("{'js.effort[!]':{'$lt':-4}}", efforts)).isFalse();
        assertThat(mayMatch("{'js.effort':{'$eq':[1, 2]}}", efforts)).as("a whole-list comparison is read").isTrue();
    }

    @Test
    void timestampsBeyondDoublePrecisionAreNeverSkippedByRounding() {
        long t = 1_700_000_000_123_456_789L; // not a double: its neighbours round to the same double
        NumericColumnStats time = numbers("timestamp_ns", (double) t, (double) t);
        assertThat(mayMatch("{'imu.timestamp_ns':{'$eq':" + (t + 1) + "}}", time)).isTrue();
        assertThat(mayMatch("{'imu.timestamp_ns':{'$gt':" + t + "}}", time)).isTrue();
        assertThat(mayMatch("{'imu.timestamp_ns':{'$gt':" + (t + 1_000_000) + "}}", time)).isFalse();
    }
}
