package io.mosaicod.tasks.cleanup;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupState;
import java.io.IOException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class PassTallyTest {

    @Test
    void errorsAreOneLineEachAndCappedWithACountOfTheRest() {
        PassTally tally = new PassTally();
        for (int i = 0; i < PassTally.MAX_ERRORS + 5; i++) {
            tally.failed("tp_" + i, new IOException("get 'tp_" + i + "/TO_DELETE' failed:\n  connection reset"));
        }

        CleanupResult result = tally.result(CleanupState.FAILED);

        assertThat(result.failed()).isEqualTo(PassTally.MAX_ERRORS + 5);
        assertThat(result.errors()).hasSize(PassTally.MAX_ERRORS + 1).allMatch(e -> !e.contains("\n"));
        assertThat(result.errors().get(0)).isEqualTo("tp_0: get 'tp_0/TO_DELETE' failed: connection reset");
        assertThat(result.errors()).last().isEqualTo("... and 5 more errors");
    }

    @Test
    void anExceptionWithoutMessageIsNamedByItsType() {
        PassTally tally = new PassTally();
        tally.failed("sq_1", new NullPointerException());

        assertThat(tally.result(CleanupState.FAILED).errors()).containsExactly("sq_1: NullPointerException");
    }
}
