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
                    new CommandSpec.Option(List.of("-n", "--limit"), "N", List.of("At most.")),
                    CommandSpec.Option.valued("--config", "PATH", "Which file."))));
    private static final Command LS = new Leaf(CommandSpec.of("ls", "List."));
    /** The root offers {@code --config} to every command, as mosaicod's offers its global options. */
    private static final Command ROOT = new Branch(CommandSpec.of("mosaicod", "Root.")
            .withOptions(List.of(CommandSpec.Option.valued("--config", "PATH", "Which file."))),
            List.of(new Branch(CommandSpec.of("topic", "Topics."), List.of(CAT, LS))));

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
    void aRepeatedOptionKeepsEveryValueInOrderWhileItsSingleValueIsTheLast() {
        CommandArguments arguments = parse("topic", "cat", "x", "--start", "1", "--start=2", "-n", "3").arguments();
        assertThat(arguments.values("--start")).containsExactly("1", "2");
        assertThat(arguments.longValue("--start")).contains(2L);
        assertThat(arguments.values("--limit")).containsExactly("3");
        assertThat(arguments.values("--config")).isEmpty();
    }

    @Test
    void aShortOptionTakesItsValueJoinedOrAsTheNextWord() {
        assertThat(parse("topic", "cat", "x", "-n", "3").arguments().intValue("--limit", 0)).isEqualTo(3);
        assertThat(parse("topic", "cat", "x", "-n3").arguments().intValue("--limit", 0)).isEqualTo(3);
        CommandArguments clustered = parse("topic", "cat", "x", "-avn12").arguments();
        assertThat(clustered.flag("--all")).isTrue();
        assertThat(clustered.flag("--verbose")).isTrue();
        assertThat(clustered.intValue("--limit", 0)).isEqualTo(12);
        assertThat(parse("topic", "cat", "-n", "x", "y").arguments().parameters())
                .as("the word after -n is its value").containsExactly("y");
    }

    @Test
    void aGroupsOptionMayComeBeforeTheCommandThatTakesIt() {
        assertThat(parse("--config", "a.toml", "topic", "cat", "x").arguments().value("--config")).contains("a.toml");
        assertThat(parse("topic", "cat", "x", "--config=b.toml").arguments().value("--config")).contains("b.toml");
        assertUsage("option --config does not apply to 'topic ls'", "--config", "a.toml", "topic", "ls");
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
        assertUsage("option -n needs a value (-n N)", "topic", "cat", "x", "-an");
        assertUsage("missing LOCATOR", "topic", "cat");
        assertUsage("unexpected argument 'y'", "topic", "cat", "x", "y");
        assertUsage("unknown command 'optimize': one of topic", "optimize");
        assertUsage("missing command: one of cat, ls", "topic");
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
