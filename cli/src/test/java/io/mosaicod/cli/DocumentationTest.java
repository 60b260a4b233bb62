package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's configuration table is the one generated from the setting descriptors. */
class DocumentationTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void readmeConfigurationTableListsEverySettingAsGenerated() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        assertThat(readme)
                .as("README.md's table is stale; replace it with the output of SettingsTable.markdown():%n%s",
                        SettingsTable.markdown())
                .contains(SettingsTable.markdown());
        for (Setting<?> s : Settings.ALL) {
            assertThat(readme).contains("`" + s.env() + "`");
        }
    }

    @Test
    void readmeQuickStartKeepsTheCiCommand() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        assertThat(readme).contains("bin/mosaicod demo", "mvn verify");
        assertThat(Files.readString(ROOT.resolve(".ci/run"))).contains("mvn -B verify");
    }

    @Test
    void configurationGuideMentionsEverySetting() throws IOException {
        String guide = Files.readString(ROOT.resolve("docs/configuration.md"));
        for (Setting<?> s : Settings.ALL) {
            if (s.inConfigFile()) {
                assertThat(guide).as(s.env()).contains(s.key());
            }
        }
    }
}
