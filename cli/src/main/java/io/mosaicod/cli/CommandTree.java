package io.mosaicod.cli;

import java.util.ArrayList;
import java.util.List;

/** Every command of a command tree, as the path that reaches it from the root, the root first. */
final class CommandTree {
    private CommandTree() {
    }

    /** The root's path, then each subcommand's, depth first in the order the tree lists them. */
    static List<List<Command>> paths(Command root) {
        List<List<Command>> paths = new ArrayList<>();
        collect(List.of(root), paths);
        return paths;
    }

    private static void collect(List<Command> path, List<List<Command>> paths) {
        paths.add(path);
        for (Command sub : path.get(path.size() - 1).subcommands()) {
            List<Command> longer = new ArrayList<>(path);
            longer.add(sub);
            collect(List.copyOf(longer), paths);
        }
    }
}
