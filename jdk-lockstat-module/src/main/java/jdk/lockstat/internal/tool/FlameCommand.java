package jdk.lockstat.internal.tool;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;

import jdk.lockstat.internal.analysis.CollapsedStacks;

/**
 * lockstat flame: collapsed stacks weighted by blocked nanoseconds, for flamegraph.pl and speedscope;
 * the blocked threads' call chains, or with --owner the lock owners' chains.
 */
final class FlameCommand implements Command {
    @Override
    public String name() {
        return "flame";
    }

    @Override
    public String usage() {
        return "lockstat flame [--owner] " + AnalysisRun.FILTER_USAGE + " TRACE";
    }

    @Override
    public String description() {
        return "collapsed stacks (blocked or --owner chains) weighted by nanoseconds, for flame graphs";
    }

    @Override
    public int run(List<String> args, PrintStream out) throws ToolException {
        return run(args, out, System.err);
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Options o = Options.parse(args, Set.of("--owner"), AnalysisRun.FILTER_OPTIONS, usage());
        AnalysisRun run = AnalysisRun.of(o, usage());
        CollapsedStacks stacks = new CollapsedStacks(o.flags.contains("--owner"));
        run.analyze(stacks, err, name());
        for (String line : stacks.lines()) {
            out.println(line);
        }
        run.analysis.counters().notes().forEach(n -> err.println("lockstat flame: note: " + n));
        out.flush();
        return run.status();
    }
}
