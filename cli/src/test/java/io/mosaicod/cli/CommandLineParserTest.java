package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The command-line grammar, on a small command tree of its own. */
@Tag("fast")
class CommandLineParserTest {
    /** A leaf command that records nothing: the parse result is what is checked. */
    private record Leaf(CommandSpec spec) implements Command {
        @Override
        public int execute(CommandArguments arguments) {
            return 0;
        }
    }

    private record Branch(CommandSpec spec, List<Command> subcommands) implements Command {
        @Override
        public int execute(CommandArguments arguments) {
            throw new AssertionError("a branch is never run");
        }
    }

    private static final Command CAT = new Leaf(CommandSpec.of("cat", "Print.")
            .withParameters(CommandSpec.Parameter.required("LOCATOR", "Which."))
            .withOptions(List.of(CommandSpec.Option.flag(List.of("-a", "--all"), "All."),
                    CommandSpec.Option.flag(List.of("-v", "--verbose"), "Loud."),
                    CommandSpec.Option.valued("--start", "NS", "From."),
                    CommandSpec.Option.valued("--limit", "N", "At most."))));
    private static final Command ROOT = new Branch(CommandSpec.of("mosaicod", "Root."),
            List.of(new Branch(CommandSpec.of("topic", "Topics."), List.of(CAT))));

    private static CommandLineParser.Parsed parse(String... args) {
        return new CommandLineParser(ROOT).parse(args);
    }

    @Test
    void wordsChooseTheCommandThenOptionsAndParametersComeInAnyOrder() {
        CommandLineParser.Parsed parsed = parse("topic", "cat", "--start", "-5", "run42/imu", "--limit=3", "-av");
        assertThat(parsed.command()).isSameAs(CAT);
        assertThat(parsed.request()).isEqualTo(CommandLineParser.Request.RUN);
        CommandArguments arguments = parsed.arguments();
        assertThat(arguments.commandName()).isEqualTo("topic cat");
        assertThat(arguments.parameters()).containsExactly("run42/imu");
        assertThat(arguments.longValue("--start")).contains(-5L);
        assertThat(arguments.intValue("--limit", 0)).isEqualTo(3);
        assertThat(arguments.flag("--all")).isTrue();
        assertThat(arguments.flag("--verbose")).isTrue();
    }

    @Test
    void absentOptionsFallBackAndDoubleDashEndsOptions() {
        CommandArguments arguments = parse("topic", "cat", "--", "--all").arguments();
        assertThat(arguments.parameters()).containsExactly("--all");
        assertThat(arguments.flag("--all")).isFalse();
        assertThat(arguments.intValue("--limit", 7)).isEqualTo(7);
        assertThat(arguments.value("--start")).isEmpty();
    }

    @Test
    void helpAndVersionAreAnsweredWhereverTheyAppear() {
        CommandLineParser.Parsed help = parse("topic", "cat", "--help");
        assertThat(help.request()).isEqualTo(CommandLineParser.Request.HELP);
        assertThat(help.command()).as("help of the command named, even without its parameter").isSameAs(CAT);
        assertThat(parse("-h").request()).isEqualTo(CommandLineParser.Request.HELP);
        assertThat(parse("topic", "-V").request()).isEqualTo(CommandLineParser.Request.VERSION);
        assertThat(parse("-hV").request()).as("help wins").isEqualTo(CommandLineParser.Request.HELP);
    }

    @Test
    void mistakesAreUsageErrorsThatSayWhatIsWrong() {
        assertUsage("unknown option --bogus", "topic", "cat", "x", "--bogus");
        assertUsage("unknown option -q", "topic", "cat", "x", "-aq");
        assertUsage("option --limit needs a value (--limit=N)", "topic", "cat", "x", "--limit");
        assertUsage("option --all takes no value", "topic", "cat", "x", "--all=yes");
        assertUsage("missing LOCATOR", "topic", "cat");
        assertUsage("unexpected argument 'y'", "topic", "cat", "x", "y");
        assertUsage("unknown command 'optimize': one of topic", "optimize");
        assertUsage("missing command: one of cat", "topic");
        assertThatThrownBy(() -> parse("topic", "cat", "x", "--limit", "ten").arguments().intValue("--limit", 0))
                .isInstanceOf(UsageException.class).hasMessage("invalid value 'ten' for --limit: expected a whole number");
    }

    @Test
    void theParserTellsHowFarItGotForTheHelpPointer() {
        CommandLineParser parser = new CommandLineParser(ROOT);
        assertThatThrownBy(() -> parser.parse(new String[] {"topic", "cat", "--bogus"})).isInstanceOf(UsageException.class);
        assertThat(HelpText.qualifiedName(parser.path())).isEqualTo("mosaicod topic cat");
    }

    @Test
    void helpListsParametersOptionsAndSubcommands() {
        String cat = HelpText.of(List.of(ROOT, ROOT.subcommands().get(0), CAT));
        assertThat(cat).startsWith("Usage: mosaicod topic cat [OPTIONS] LOCATOR\n")
                .contains("  -a, --all", "      --start=NS", "  -h, --help", "LOCATOR");
        assertThat(HelpText.of(List.of(ROOT))).contains("Commands:", "  topic");
    }

    private static void assertUsage(String message, String... args) {
        assertThatThrownBy(() -> parse(args)).isInstanceOf(UsageException.class).hasMessage(message);
    }
}
