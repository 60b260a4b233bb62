package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import io.mosaicod.core.config.ConfigLoader;
import io.mosaicod.core.config.IgnoredSetting;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.StoreConfig;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's configuration table is the one generated from the setting descriptors. */
@Tag("fast")
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
    void theReleasesExampleConfigurationIsAsGeneratedAndLoadsUncommented(@TempDir Path dir) throws IOException {
        String example = Files.readString(ROOT.resolve("dist/src/config.example.toml"));
        assertThat(example).as("dist/src/config.example.toml is stale; replace it with the output of"
                + " ConfigExample.toml():%n%s", ConfigExample.toml()).isEqualTo(ConfigExample.toml());
        // every key shown at its default, uncommented, is accepted and gives that default (with a bucket, which the
        // S3 settings among them need)
        String uncommented = example.replaceAll("(?m)^# (\\w+ = (?!\\.\\.\\.)(?!\"/path/).*)$", "$1")
                .replace("# bucket = ...", "bucket = \"fleet\"");
        MosaicodConfig defaults = new ConfigLoader(Map.of(), dir).load(Map.of());
        Files.writeString(dir.resolve("config.toml"), uncommented);
        MosaicodConfig fromFile = new ConfigLoader(Map.of(), dir).load(Map.of());
        assertThat(uncommented).contains("\nmax_chunk_size = 256000000\n", "\nlevel = \"info\"\n");
        assertThat(fromFile.configFile()).contains(dir.resolve("config.toml").toAbsolutePath().normalize());
        assertThat(fromFile.store()).isInstanceOfSatisfying(StoreConfig.S3.class,
                s3 -> assertThat(s3.bucket()).isEqualTo("fleet"));
        assertThat(fromFile).usingRecursiveComparison().ignoringFields("configFile", "store", "notInEffect")
                .isEqualTo(defaults);
        // upstream's settings of features this build lacks are reported at their defaults
        assertThat(fromFile.notInEffect()).extracting(IgnoredSetting::setting)
                .containsExactlyElementsOf(Settings.ALL.stream().filter(s -> !s.inEffect() && s.defaultValue().isPresent())
                        .toList());
    }

    @Test
    void readmeQuickStartKeepsTheCiCommand() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        assertThat(readme).contains("bin/mosaicod demo", "mvn verify");
        assertThat(Files.readString(ROOT.resolve(".ci/run")).lines()).as("CI runs exactly the README's command")
                .contains("mvn verify");
    }

    @Test
    void theConfigurationGuidesExampleFileLoads(@TempDir Path dir) throws IOException {
        String guide = Files.readString(ROOT.resolve("docs/configuration.md"));
        Matcher example = Pattern.compile("```toml\\n(.*?)```", Pattern.DOTALL).matcher(guide);
        assertThat(example.find()).isTrue();
        Files.writeString(dir.resolve("config.toml"), example.group(1));
        // the example's secret files do not exist here: the environment's values take precedence over them
        MosaicodConfig config = new ConfigLoader(Map.of("MOSAICOD_DB_PASSWORD", "pw", "MOSAICOD_STORE_SECRET_KEY", "sk"),
                dir).load(Map.of());
        assertThat(config.storeOptimizer().memoryPoolBytes()).isEqualTo(4L << 30);
        assertThat(config.store()).isInstanceOf(StoreConfig.S3.class);
        assertThat(config.database().jdbcUrl()).isEqualTo("jdbc:postgresql://db.internal:5432/mosaico?sslmode=require");
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
