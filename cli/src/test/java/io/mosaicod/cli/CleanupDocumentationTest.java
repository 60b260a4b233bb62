package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupState;
import io.mosaicod.tasks.cleanup.CleanupRoutine;
import io.mosaicod.tasks.cleanup.CleanupSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** docs/cleanup.md and the README's ps section state what the code does. */
@Tag("fast")
class CleanupDocumentationTest {
    private static final Path ROOT = Path.of("..");

    /** The file with every run of white space as one space, so that re-wrapping a paragraph breaks nothing. */
    private static String read(String file) throws IOException {
        return Files.readString(ROOT.resolve(file)).replaceAll("\\s+", " ");
    }

    @Test
    void theGuideShowsTheCompletionLineAsTheCodeWritesIt() throws IOException {
        String template = "Cleanup completed. M items marked as ready to be deleted. D items deleted. F items failed";

        assertThat(read("docs/cleanup.md"))
                .contains(template, "`cleanup_pass`, `state`, `marked`, `deleted`, `failed`");
        assertThat(CleanupRoutine.headline(new CleanupResult(CleanupState.SUCCEEDED, 7, 8, 9, List.of())))
                .isEqualTo(template.replace("M", "7").replace("D", "8").replace("F", "9"));
    }

    @Test
    void theGuideListsTheCleanupSettingsWithTheirDefaults() throws IOException {
        String guide = read("docs/cleanup.md");
        for (Setting<?> setting : List.of(Settings.CLEANUP_TIME_INTERVAL, Settings.CLEANUP_RETENTION_DURATION,
                Settings.CLEANUP_SWEEP_INTERVAL)) {
            assertThat(guide).contains("`" + setting.flag().orElseThrow() + " S`", "`" + setting.env() + "`",
                    "`" + setting.fileKeyDisplay() + "`", "`" + setting.defaultText() + "`");
        }
    }

    @Test
    void theGuideStatesTheLeaseThePurgeAndTheExitCodes() throws IOException {
        String guide = read("docs/cleanup.md");

        assertThat(guide).contains("held for " + CleanupSettings.DEFAULT_PASS_LEASE.toMinutes() + " minutes",
                "renewed every " + CleanupSettings.DEFAULT_PASS_LEASE.dividedBy(3).toSeconds() + " s",
                "more than " + CleanupRoutine.INSTANCE_PURGE_SILENCE.toDays() + " days old",
                "| " + ExitCode.ITEMS_FAILED + " | a one-shot pass that failed on some folders");
    }

    @Test
    void theReadmePsSectionStatesTheLivenessThresholds() throws IOException {
        String readme = read("README.md");

        assertThat(readme).contains("## Watching a deployment: `mosaicod ps`",
                "**alive** under " + InstanceStatus.ALIVE_WITHIN.toSeconds() + " s",
                "**stale** under " + InstanceStatus.STALE_WITHIN.toSeconds() + " s",
                "failed in the last " + PsReport.RECENT_FAILURES.toHours() + " hours");
    }
}
