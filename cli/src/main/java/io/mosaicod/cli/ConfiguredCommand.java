package io.mosaicod.cli;

import io.mosaicod.cli.logging.LogSetup;
import io.mosaicod.core.config.ConfigLoader;
import io.mosaicod.core.config.LogLevel;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A subcommand that runs with the resolved configuration: it loads and validates it (flags of this command,
 * environment, config file, defaults), sets up logging, then calls {@link #run(MosaicodConfig)}.
 */
abstract class ConfiguredCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    private final Invocation invocation;
    private volatile boolean debug;

    ConfiguredCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    /** Settings this command offers as flags, besides {@link SettingOptions#COMMON}. */
    List<Setting<?>> flaggedSettings() {
        return List.of();
    }

    final List<Setting<?>> allFlaggedSettings() {
        List<Setting<?>> all = new ArrayList<>(flaggedSettings());
        all.addAll(SettingOptions.COMMON);
        return all;
    }

    /** The command's work; returns the exit code. */
    abstract int run(MosaicodConfig config) throws Exception;

    @Override
    public final Integer call() throws Exception {
        MosaicodConfig config = new ConfigLoader(invocation.env(), invocation.workingDir())
                .load(SettingOptions.given(spec, allFlaggedSettings()));
        debug = config.log().level() == LogLevel.DEBUG;
        LogSetup.apply(config.log());
        LoggerFactory.getLogger(ConfiguredCommand.class).debug("mosaicod {} {}: {}", VersionProvider.version(),
                displayName(), config);
        return run(config);
    }

    /** Whether fatal errors should show their stack trace (known once the configuration is loaded). */
    boolean debug() {
        return debug;
    }

    /** e.g. {@code topic ls}. */
    String displayName() {
        return spec.qualifiedName(" ").replaceFirst("^\\S+ ", "");
    }
}
