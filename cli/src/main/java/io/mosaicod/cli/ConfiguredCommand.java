package io.mosaicod.cli;

import io.mosaicod.cli.logging.LogSetup;
import io.mosaicod.core.config.ConfigLoader;
import io.mosaicod.core.config.LogLevel;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * A subcommand that runs with the resolved configuration: it loads and validates it (flags of this command,
 * environment, config file, defaults), sets up logging, then calls {@link #run}.
 */
abstract class ConfiguredCommand implements Command {
    final Invocation invocation;
    private CommandSpec spec;
    private volatile boolean debug;

    ConfiguredCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    /** Name, description and footer; the setting flags are added to its options. */
    abstract CommandSpec baseSpec();

    /** Settings this command offers as flags, besides {@link SettingOptions#COMMON}. */
    List<Setting<?>> flaggedSettings() {
        return List.of();
    }

    final List<Setting<?>> allFlaggedSettings() {
        List<Setting<?>> all = new ArrayList<>(flaggedSettings());
        all.addAll(SettingOptions.COMMON);
        return all;
    }

    /** Built once: the parser asks for it at every word of the command line. */
    @Override
    public final CommandSpec spec() {
        if (spec == null) {
            spec = baseSpec().withOptions(SettingOptions.options(allFlaggedSettings()));
        }
        return spec;
    }

    /** The command's work; returns the exit code. */
    abstract int run(MosaicodConfig config, CommandArguments arguments) throws Exception;

    @Override
    public final int execute(CommandArguments arguments) throws Exception {
        MosaicodConfig config = new ConfigLoader(invocation.env(), invocation.workingDir())
                .load(SettingOptions.given(arguments, allFlaggedSettings()));
        debug = config.log().level() == LogLevel.DEBUG;
        LogSetup.apply(config.log());
        if (debug) {
            LoggerFactory.getLogger(ConfiguredCommand.class).debug("mosaicod {} {}: {}", VersionProvider.version(),
                    arguments.commandName(), config);
        }
        return run(config, arguments);
    }

    /** Whether fatal errors should show their stack trace (known once the configuration is loaded). */
    boolean debug() {
        return debug;
    }
}
