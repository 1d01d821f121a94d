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
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.query.ApplicationFrames;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportFormat;

/**
 * lockstat report: contentions aggregated by a list of aspects (paper 4.2), as an indented text tree,
 * CSV rows or a JSON tree, or one HTML page with all views to share ({@link ReportPage}); chain and method keys start at the first frame outside the locking mechanism
 * unless --all-frames. The format is described in docs/report-format.md.
 */
final class ReportCommand implements Command {
    @Override
    public String name() {
        return "report";
    }

    @Override
    public String usage() {
        return "lockstat report [--by ASPECT,...] [--app-packages P,...] [--format text|csv|json|html] [--top N] [--min-percent P] "
                + AnalysisRun.FILTER_USAGE + " [--all-frames] TRACE";
    }

    @Override
    public String description() {
        return "who blocked whom, where, for how long: contention by aspects (" + Aspect.names() + ")";
    }

    @Override
    public boolean showsChains() {
        return true;
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Set<String> valued = new HashSet<>(AnalysisRun.FILTER_OPTIONS);
        valued.addAll(Set.of("--by", "--format", "--top", "--min-percent", "--app-packages"));
        Options o = Options.parse(args, Set.of(Options.ALL_FRAMES), valued, usage());
        List<Aspect> aspects;
        try {
            aspects = Aspect.parseList(o.values.getOrDefault("--by", ReportFormat.DEFAULT_ASPECTS));
        } catch (IllegalArgumentException e) {
            throw new ToolException("--by: " + e.getMessage(), 2);
        }
        appPackages(o.values.get("--app-packages"), aspects);
        String format = o.values.getOrDefault("--format", "text");
        if (!List.of("text", "csv", "json", "html").contains(format)) {
            throw new ToolException("--format must be text, csv, json or html, not " + format, 2);
        }
        boolean html = format.equals("html");
        int top = o.values.containsKey("--top") ? positiveInt("--top", o.values.get("--top"))
                : html ? ReportPage.TOP : Integer.MAX_VALUE;
        double minPercent = o.values.containsKey("--min-percent") ? percent(o.values.get("--min-percent")) : 0;
        AnalysisRun run = AnalysisRun.of(o, usage());
        if (html) {
            out.print(ReportPage.render(run, o.values.containsKey("--by") ? aspects : null, o.flags.contains(Options.ALL_FRAMES),
                    top, minPercent, err));
            out.flush();
            return run.status();
        }
        run.withOwnerStates(aspects);
        AggregationTree tree = new AggregationTree(aspects, o.flags.contains(Options.ALL_FRAMES));
        run.analyze(tree, err, name());
        ReportFormat.write(out, format, run.reportSource(), aspects, tree.snapshot(), tree.afterWaitSnapshot(), top, minPercent);
        return run.status();
    }

    /**
     * --app-packages: which frames the site aspects take for the application's (ApplicationFrames); it
     * only means something to them, so without site or owner-site in --by it is a usage error.
     */
    static void appPackages(String list, List<Aspect> aspects) throws ToolException {
        if (list == null) {
            ApplicationFrames.use(List.of());
            return;
        }
        if (!aspects.contains(Aspect.SITE) && !aspects.contains(Aspect.OWNER_SITE)) {
            throw new ToolException("--app-packages applies to the aspects site and owner-site; --by names neither", 2);
        }
        try {
            ApplicationFrames.use(Arrays.asList(list.split(",")));
        } catch (IllegalArgumentException e) {
            throw new ToolException("--app-packages: " + e.getMessage() + " (a list such as com.example,org.acme.app)", 2);
        }
    }

    static int positiveInt(String option, String v) throws ToolException {
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ToolException(option + " needs a positive whole number, not \"" + v + "\"", 2);
    }

    private static double percent(String v) throws ToolException {
        try {
            double p = Double.parseDouble(v.trim());
            if (p >= 0 && p <= 100) {
                return p;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ToolException("--min-percent needs a number from 0 to 100, not \"" + v + "\"", 2);
    }
}
