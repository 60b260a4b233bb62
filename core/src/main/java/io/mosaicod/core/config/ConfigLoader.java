package io.mosaicod.core.config;

import io.mosaicod.core.config.ConfigFile.RawValue;
import io.mosaicod.core.search.QueryEngineLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Resolves every {@link Setting} with the precedence command-line flag &gt; environment variable &gt;
 * configuration file &gt; default, and validates the result into a {@link MosaicodConfig}. The environment and
 * the working directory (against which relative paths resolve) are passed in, so tests use their own.
 */
public final class ConfigLoader {
    private static final Path SYSTEM_CONFIG_DIR = Path.of("/etc");
    private final Map<String, String> env;
    private final Path workingDir;
    private final Path systemConfigDir;

    public ConfigLoader(Map<String, String> env, Path workingDir) {
        this(env, workingDir, SYSTEM_CONFIG_DIR);
    }

    /** @param systemConfigDir where the system-wide {@code mosaicod/config.toml} is looked for ({@code /etc}) */
    ConfigLoader(Map<String, String> env, Path workingDir, Path systemConfigDir) {
        this.env = Map.copyOf(Objects.requireNonNull(env, "env"));
        this.workingDir = workingDir.toAbsolutePath().normalize();
        this.systemConfigDir = systemConfigDir;
    }

    /** The loader of this process: its environment and current directory. */
    public static ConfigLoader ofProcess() {
        return new ConfigLoader(System.getenv(), Path.of(""));
    }

    /**
     * @param flags the command-line flags that were given, by setting, as typed
     * @throws ConfigException naming the offending setting and its source
     */
    public MosaicodConfig load(Map<Setting<?>, String> flags) {
        Layers layers = new Layers(flags);
        Path dataDir = absolute(layers.get(Settings.DATA_DIR));
        requireNoFileAt(layers, dataDir);
        return new MosaicodConfig(layers.configFilePath(), dataDir, database(layers, dataDir), store(layers, dataDir),
                new MosaicodConfig.Server(layers.get(Settings.HOST), layers.get(Settings.PORT),
                        layers.get(Settings.GRPC_MAX_DECODE_MESSAGE_SIZE), layers.get(Settings.READ_STALL_TIMEOUT),
                        layers.get(Settings.MAX_STREAMS_PER_CONNECTION),
                        layers.get(Settings.CONNECTION_IDLE_TIMEOUT), layers.get(Settings.MAX_CONNECTIONS),
                        layers.get(Settings.MAX_READ_STREAMS), layers.get(Settings.SHUTDOWN_GRACE_PERIOD),
                        layers.get(Settings.TARGET_GRPC_ENCODE_MESSAGE_SIZE),
                        layers.explicit(Settings.MAX_CONCURRENT_WRITES), tls(layers), layers.get(Settings.GZIP_ENABLED),
                        layers.get(Settings.API_KEY_ENABLED)),
                new MosaicodConfig.StoreOptimizer(layers.get(Settings.STORE_OPTIMIZER_TIME_INTERVAL),
                        layers.get(Settings.STORE_OPTIMIZER_MAX_CHUNK_SIZE),
                        layers.get(Settings.STORE_OPTIMIZER_MEMORY_POOL_SIZE),
                        layers.get(Settings.STORE_OPTIMIZER_LEASE_DURATION),
                        layers.get(Settings.STORE_OPTIMIZER_MAX_ATTEMPTS)),
                new MosaicodConfig.Cleanup(layers.get(Settings.CLEANUP_TIME_INTERVAL),
                        layers.get(Settings.CLEANUP_RETENTION_DURATION), layers.get(Settings.CLEANUP_SWEEP_INTERVAL)),
                new MosaicodConfig.Log(layers.get(Settings.LOG_FORMAT), layers.get(Settings.LOG_LEVEL)),
                new MosaicodConfig.Metrics(layers.explicit(Settings.METRICS_ADDRESS)),
                new QueryEngineLimits(layers.get(Settings.QUERY_ENGINE_MEMORY_POOL_SIZE),
                        layers.get(Settings.MAX_CONCURRENT_CHUNK_QUERIES), layers.get(Settings.MAX_SIZE_PLAIN_LIST_EQ)),
                notInEffect(layers));
    }

    /** TLS needs both files; naming them without enabling TLS is allowed (they are then not read). */
    private Optional<MosaicodConfig.TlsFiles> tls(Layers layers) {
        if (!layers.get(Settings.TLS_ENABLED)) {
            return Optional.empty();
        }
        String enabledBy = layers.raw(Settings.TLS_ENABLED).orElseThrow().source().describe();
        Path certificate = layers.explicit(Settings.TLS_CERT_FILE).map(this::absolute).orElseThrow(() ->
                new ConfigException("TLS is enabled (" + enabledBy + ") but no certificate file is given: set "
                        + Settings.TLS_CERT_FILE.env() + " (" + Settings.TLS_CERT_FILE.fileKeyDisplay() + ")"));
        Path key = layers.explicit(Settings.TLS_PRIVATE_KEY_FILE).map(this::absolute).orElseThrow(() ->
                new ConfigException("TLS is enabled (" + enabledBy + ") but no private key file is given: set "
                        + Settings.TLS_PRIVATE_KEY_FILE.env() + " (" + Settings.TLS_PRIVATE_KEY_FILE.fileKeyDisplay()
                        + ")"));
        return Optional.of(new MosaicodConfig.TlsFiles(certificate, key));
    }

    /** The upstream settings given a value that this build accepts but does not act on. */
    private static List<IgnoredSetting> notInEffect(Layers layers) {
        List<IgnoredSetting> ignored = new ArrayList<>();
        for (Setting<?> setting : Settings.ALL) {
            if (!setting.inEffect()) {
                layers.raw(setting).ifPresent(raw -> ignored.add(new IgnoredSetting(setting, raw.source(),
                        layers.parse(setting, raw))));
            }
        }
        return List.copyOf(ignored);
    }

    private DatabaseConfig database(Layers layers, Path dataDir) {
        Optional<RawValue> urlSource = layers.raw(Settings.DB_URL);
        DatabaseUrl url = layers.explicit(Settings.DB_URL)
                .orElseGet(() -> DatabaseUrl.parse("sqlite:" + dataDir.resolve("mosaico.db")));
        Optional<String> user = layers.explicit(Settings.DB_USER);
        Optional<Secret> password = layers.explicit(Settings.DB_PASSWORD);
        if (url.user().isPresent() && user.isPresent()) {
            throw givenTwice("user", urlSource.orElseThrow(), layers.raw(Settings.DB_USER).orElseThrow());
        }
        if (url.password().isPresent() && password.isPresent()) {
            throw givenTwice("password", urlSource.orElseThrow(), layers.raw(Settings.DB_PASSWORD).orElseThrow());
        }
        if (url.sqliteFile().isPresent()) {
            for (Setting<?> credential : new Setting<?>[] {Settings.DB_USER, Settings.DB_PASSWORD}) {
                layers.raw(credential).ifPresent(raw -> {
                    throw new ConfigException(raw.source().describe() + " is set but the repository is SQLite ("
                            + urlSource.map(u -> u.source().describe()).orElse("the default")
                            + "), which takes no credentials");
                });
            }
        }
        return url.toConfig(workingDir, user.or(url::user), password.or(url::password),
                layers.get(Settings.MAX_DB_CONNECTIONS));
    }

    private static ConfigException givenTwice(String what, RawValue url, RawValue setting) {
        return new ConfigException("the repository " + what + " is given twice, in the URL of "
                + url.source().describe() + " and by " + setting.source().describe() + ": keep one");
    }

    private StoreConfig store(Layers layers, Path dataDir) {
        Optional<String> bucket = layers.explicit(Settings.STORE_BUCKET);
        if (bucket.isEmpty()) {
            for (Setting<?> s3Only : Settings.S3_ONLY) {
                layers.raw(s3Only).ifPresent(raw -> {
                    throw new ConfigException(raw.source().describe() + " is an S3 setting but no bucket is set: set "
                            + Settings.STORE_BUCKET.env() + " ([store] bucket) too, or remove it to use the local store");
                });
            }
            return new StoreConfig.Local(absolute(layers.explicit(Settings.STORE_DIR)
                    .orElseGet(() -> dataDir.resolve("store"))));
        }
        layers.raw(Settings.STORE_DIR).ifPresent(dir -> {
            throw new ConfigException(dir.source().describe() + " and " + layers.raw(Settings.STORE_BUCKET)
                    .orElseThrow().source().describe() + " are both set: the store is either a local directory or"
                    + " an S3 bucket");
        });
        Optional<RawValue> accessKey = layers.raw(Settings.STORE_ACCESS_KEY);
        Optional<RawValue> secretKey = layers.raw(Settings.STORE_SECRET_KEY);
        if (accessKey.isPresent() != secretKey.isPresent()) {
            RawValue given = accessKey.or(() -> secretKey).orElseThrow();
            Setting<?> missing = accessKey.isPresent() ? Settings.STORE_SECRET_KEY : Settings.STORE_ACCESS_KEY;
            throw new ConfigException(given.source().describe() + " is set but " + missing.env()
                    + " is not: S3 credentials need both the access key and the secret key");
        }
        String prefix = layers.explicit(Settings.STORE_PREFIX).orElse("").replaceAll("^/+|/+$", "");
        return new StoreConfig.S3(layers.explicit(Settings.STORE_ENDPOINT), bucket.get(),
                layers.get(Settings.STORE_REGION), prefix, layers.explicit(Settings.STORE_ACCESS_KEY),
                layers.explicit(Settings.STORE_SECRET_KEY));
    }

    private Path absolute(Path path) {
        return workingDir.resolve(path).normalize();
    }

    /**
     * A data folder that is a regular file fails much later, as a folder that cannot be created (or, for a command
     * that only reads, as a missing repository), with the path named three times: said here, as the setting's mistake.
     */
    private static void requireNoFileAt(Layers layers, Path dataDir) {
        if (Files.exists(dataDir) && !Files.isDirectory(dataDir)) {
            String source = layers.raw(Settings.DATA_DIR).map(raw -> raw.source().describe()).orElse("default");
            throw new ConfigException("the data folder " + dataDir + " (" + source + ") is a file, not a folder");
        }
    }

    /** The three sources of text for each setting, highest precedence first. */
    private final class Layers {
        private final Map<Setting<?>, String> flags;
        private final Optional<Path> configFilePath;
        private final Optional<ConfigFile> file;

        Layers(Map<Setting<?>, String> flags) {
            this.flags = Map.copyOf(flags);
            Optional<RawValue> explicit = flagOrEnv(Settings.CONFIG_FILE);
            if (explicit.isPresent()) {
                Path path = absolute(parse(Settings.CONFIG_FILE, explicit.get()));
                if (!Files.isRegularFile(path)) {
                    throw new ConfigException("config file '" + path + "' given by " + explicit.get().source().describe()
                            + (Files.exists(path) ? " is not a regular file" : " does not exist"));
                }
                configFilePath = Optional.of(path);
            } else {
                configFilePath = implicitConfigFiles().stream().filter(Files::isRegularFile).findFirst();
            }
            file = configFilePath.map(ConfigFile::read);
        }

        Optional<Path> configFilePath() {
            return configFilePath;
        }

        /**
         * Where a configuration file is looked for when none is named, in order: the working directory, then
         * upstream mosaicod's places — the user's ({@code $XDG_CONFIG_HOME}, else {@code ~/.config}) and the system's.
         */
        private List<Path> implicitConfigFiles() {
            List<Path> candidates = new ArrayList<>(List.of(workingDir.resolve("config.toml")));
            Optional.ofNullable(env.get("XDG_CONFIG_HOME")).filter(v -> !v.isEmpty()).map(Path::of)
                    .or(() -> Optional.ofNullable(env.get("HOME")).filter(v -> !v.isEmpty())
                            .map(home -> Path.of(home, ".config")))
                    .ifPresent(userDir -> candidates.add(userDir.resolve("mosaicod/config.toml")));
            candidates.add(systemConfigDir.resolve("mosaicod/config.toml"));
            return candidates;
        }

        <T> T get(Setting<T> setting) {
            return explicit(setting).or(setting::defaultValue).orElseThrow(
                    () -> new IllegalStateException("setting without default read as required: " + setting));
        }

        <T> Optional<T> explicit(Setting<T> setting) {
            return raw(setting).map(raw -> parse(setting, raw));
        }

        Optional<RawValue> raw(Setting<?> setting) {
            Optional<RawValue> given = flagOrEnv(setting);
            if (given.isPresent() || file.isEmpty()) {
                return given;
            }
            return oneOf(setting, file.get().value(setting), file.get().valueFile(setting));
        }

        private Optional<RawValue> flagOrEnv(Setting<?> setting) {
            String flag = setting.flag().map(name -> flags.get(setting)).orElse(null);
            if (flag != null) {
                return Optional.of(new RawValue(flag, new Source.Flag(setting.flag().get())));
            }
            Optional<RawValue> direct = Optional.empty();
            Optional<RawValue> indirect = Optional.empty();
            for (String name : setting.envNames()) {
                direct = sameSettingOnce(setting, direct, env(name));
                indirect = setting.fromFile() ? sameSettingOnce(setting, indirect, env(name + "_FILE")) : indirect;
            }
            return oneOf(setting, direct, indirect);
        }

        /** A setting known by several variable names may be given by one of them only. */
        private Optional<RawValue> sameSettingOnce(Setting<?> setting, Optional<RawValue> found,
                                                   Optional<RawValue> more) {
            if (found.isPresent() && more.isPresent()) {
                throw new ConfigException(found.get().source().describe() + " and " + more.get().source().describe()
                        + " are the same setting (" + setting.env() + "): keep one");
            }
            return found.or(() -> more);
        }

        /** Empty variables count as unset, as Compose files and shells often define them empty. */
        private Optional<RawValue> env(String variable) {
            String value = env.get(variable);
            return value == null || value.isEmpty() ? Optional.empty()
                    : Optional.of(new RawValue(value, new Source.Env(variable)));
        }

        /** The value given directly, or read from the file the {@code _FILE} variant names; not both. */
        private Optional<RawValue> oneOf(Setting<?> setting, Optional<RawValue> direct, Optional<RawValue> indirect) {
            if (direct.isPresent() && indirect.isPresent()) {
                throw new ConfigException("both " + direct.get().source().describe() + " and "
                        + indirect.get().source().describe() + " are set: give the value or a file holding it, not both");
            }
            return direct.isPresent() ? direct : indirect.map(this::readValueFile);
        }

        private RawValue readValueFile(RawValue pathValue) {
            Path path = absolute(Path.of(pathValue.text()));
            try {
                String content = Files.readString(path, StandardCharsets.UTF_8);
                // Secret files usually end with a newline that is not part of the secret.
                return new RawValue(content.replaceAll("[\r\n]+$", ""), pathValue.source());
            } catch (IOException | RuntimeException e) {
                throw new ConfigException("cannot read '" + path + "' given by " + pathValue.source().describe() + ": "
                        + reason(e));
            }
        }

        private static String reason(Exception e) {
            if (e instanceof NoSuchFileException) {
                return "no such file";
            }
            if (e instanceof AccessDeniedException) {
                return "permission denied";
            }
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }

        <T> T parse(Setting<T> setting, RawValue raw) {
            try {
                return setting.type().parse(raw.text());
            } catch (IllegalArgumentException e) {
                throw ConfigException.invalidValue(setting.type().quote(raw.text()), raw.source(),
                        setting.type().expected());
            }
        }
    }
}
