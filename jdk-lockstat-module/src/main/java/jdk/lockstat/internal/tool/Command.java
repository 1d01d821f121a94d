package jdk.lockstat.internal.tool;

import java.io.PrintStream;
import java.util.List;

/** One lockstat sub-command. */
interface Command {
    String name();

    String usage();

    String description();

    /** Runs with the arguments after the command name; returns the exit status. */
    int run(List<String> args, PrintStream out) throws ToolException;

    /** As {@link #run(List, PrintStream)}, for commands that warn on err while their output goes on. */
    default int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        return run(args, out);
    }
}
