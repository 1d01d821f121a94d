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
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import jdk.lockstat.internal.aggregate.CollapsedStacks;

/**
 * lockstat flame: collapsed stacks weighted by blocked nanoseconds, for flamegraph.pl and speedscope;
 * the blocked threads' call chains, or with --owner the lock owners' chains. --format html writes one
 * self-contained page with both ({@link FlameGraphHtml}). Chains start at their first frame outside the
 * locking mechanism unless --all-frames.
 */
final class FlameCommand implements Command {
    @Override
    public String name() {
        return "flame";
    }

    @Override
    public String usage() {
        return "lockstat flame [--owner] [--format collapsed|html] " + AnalysisRun.FILTER_USAGE + " [--all-frames] TRACE";
    }

    @Override
    public String description() {
        return "flame graph of blocked (or --owner) chains weighted by nanoseconds: collapsed stacks, or an HTML page";
    }

    @Override
    public boolean showsChains() {
        return true;
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Set<String> valued = new HashSet<>(AnalysisRun.FILTER_OPTIONS);
        valued.add("--format");
        Options o = Options.parse(args, Set.of("--owner", Options.ALL_FRAMES), valued, usage());
        String format = o.values.getOrDefault("--format", "collapsed");
        if (!format.equals("collapsed") && !format.equals("html")) {
            throw new ToolException("--format must be collapsed or html, not " + format, 2);
        }
        boolean owner = o.flags.contains("--owner"), allFrames = o.flags.contains(Options.ALL_FRAMES);
        AnalysisRun run = AnalysisRun.of(o, usage());
        if (format.equals("collapsed")) {
            CollapsedStacks stacks = new CollapsedStacks(owner, allFrames);
            run.analyze(stacks, err, name());
            for (String line : stacks.lines()) {
                out.println(line);
            }
        } else {
            CollapsedStacks blocked = new CollapsedStacks(false, allFrames), owners = new CollapsedStacks(true, allFrames);
            run.analyze(c -> {
                blocked.accept(c);
                owners.accept(c);
            }, err, name());
            String title = "Lock contention: " + run.file.getFileName()
                    + (run.windowText().isEmpty() ? "" : " (" + run.windowText() + ")")
                    + (run.threads.isEmpty() ? "" : " threads " + String.join(", ", run.threads));
            out.print(FlameGraphHtml.render(title, blocked.stacks(), owners.stacks(), owner));
        }
        run.analysis.counters().notes().forEach(n -> err.println("lockstat flame: note: " + n));
        out.flush();
        return run.status();
    }
}
