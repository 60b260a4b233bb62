package io.mosaicod.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class FailureTextTest {
    @Test
    void aWrappedRootCauseIsNamedAfterTheFailure() {
        IOException full = new IOException("No space left on device");
        RuntimeException wrapped = new RuntimeException("can not write PageHeader(type:DATA_PAGE)",
                new IOException("flush failed", full));
        assertThat(FailureText.of(wrapped)).isEqualTo("can not write PageHeader(type:DATA_PAGE): No space left on device");
    }

    @Test
    void aRootCauseTheSentenceAlreadyQuotesIsNotRepeated() {
        IOException cause = new IOException("disk gone");
        assertThat(FailureText.of(new UncheckedIOException(cause))).isEqualTo("java.io.IOException: disk gone");
        assertThat(FailureText.of(new IllegalStateException("chunk k: disk gone", cause))).isEqualTo("chunk k: disk gone");
    }

    @Test
    void aFileFailureThatNamesOnlyItsPathSaysWhatWentWrong() {
        assertThat(FailureText.of(new java.nio.file.FileAlreadyExistsException("/data/store")))
                .isEqualTo("/data/store: already exists");
        assertThat(FailureText.of(new IllegalStateException("cannot open the store",
                new java.nio.file.AccessDeniedException("/data/store")))).isEqualTo(
                "cannot open the store: /data/store: permission denied");
        assertThat(FailureText.of(new java.nio.file.FileSystemException("/data/x", null, "Read-only file system")))
                .isEqualTo("/data/x: Read-only file system");
    }

    @Test
    void failuresWithoutMessagesAreNamedByTheirClass() {
        assertThat(FailureText.of(new NullPointerException())).isEqualTo("NullPointerException");
        assertThat(FailureText.of(new IllegalStateException("stopped", new InterruptedException())))
                .isEqualTo("stopped: InterruptedException");
    }
}
