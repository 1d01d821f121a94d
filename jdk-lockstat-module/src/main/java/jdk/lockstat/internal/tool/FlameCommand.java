/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.internal.tool;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;

import jdk.lockstat.internal.aggregate.CollapsedStacks;

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
