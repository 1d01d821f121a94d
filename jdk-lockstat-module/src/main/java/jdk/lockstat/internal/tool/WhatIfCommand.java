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

import jdk.lockstat.internal.query.AspectKeys;
import jdk.lockstat.internal.query.TraceQueries;
import jdk.lockstat.internal.query.WhatIfText;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.whatif.CriticalPath;
import jdk.lockstat.internal.whatif.HoldCollector;
import jdk.lockstat.internal.whatif.ReplayModel;
import jdk.lockstat.internal.whatif.WhatIf;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.WhatIfQuery;

/**
 * lockstat whatif: for the sections that blocked others most or held their locks longest, the predicted
 * speedup of the traced work if that section's holds were scaled (docs/report-format.md, "What-if"),
 * ranked by gain beside the section's blocked share, so that the two rankings can be compared.
 */
final class WhatIfCommand implements Command {
    static final int DEFAULT_TOP = WhatIfText.DEFAULT_TOP;
    /** The sections' aspect and their holds' scale without --by and --scale (the HTML report uses them too). */
    static final Aspect DEFAULT_BY = WhatIfText.DEFAULT_BY;
    static final double DEFAULT_SCALE = WhatIfText.DEFAULT_SCALE;
    static final String CRITICAL_PATH = "--critical-path";

    @Override
    public String name() {
        return "whatif";
    }

    @Override
    public String usage() {
        return "lockstat whatif [--by ASPECT] [--scale S] [--top N] [--critical-path] [--app-packages P,...] [--format text|json] "
                + AnalysisRun.FILTER_USAGE + " [--all-frames] TRACE";
    }

    @Override
    public String description() {
        return "predicted speedup if a section's holds were shorter (--scale 0.5; 0: the section gone), ranked by gain";
    }

    @Override
    public boolean showsChains() {
        return true;
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Set<String> valued = new HashSet<>(AnalysisRun.FILTER_OPTIONS);
        valued.addAll(Set.of("--by", "--scale", "--top", "--format", "--app-packages"));
        Options o = Options.parse(args, Set.of(Options.ALL_FRAMES, CRITICAL_PATH), valued, usage());
        boolean criticalPath = o.flags.contains(CRITICAL_PATH);
        Aspect by = o.values.containsKey("--by") ? aspect(o.values.get("--by")) : DEFAULT_BY;
        double scale = o.values.containsKey("--scale") ? scale(o.values.get("--scale")) : DEFAULT_SCALE;
        int top = o.values.containsKey("--top") ? ReportCommand.positiveInt("--top", o.values.get("--top")) : DEFAULT_TOP;
        String format = o.values.getOrDefault("--format", "text");
        if (!format.equals("text") && !format.equals("json")) {
            throw new ToolException("--format must be text or json, not " + format, 2);
        }
        ReportCommand.appPackages(o.values.get("--app-packages"), List.of(by));
        boolean allFrames = o.flags.contains(Options.ALL_FRAMES);
        HoldCollector holds = new HoldCollector((lock, part) -> AspectKeys.holdKey(by, lock, part, allFrames));
        AnalysisRun run = AnalysisRun.of(o, usage());
        run.withActivity(holds);
        run.analyze(holds, err, name());
        if (run.analysis.sampling() > 1) {
            throw new ToolException(TraceQueries.notReplayable(run.file.toString(), run.analysis.sampling()), 1);
        }
        holds.cpus(run.result.parse().header());
        ReplayModel model = ReplayModel.build(holds, run.windowStart(), run.windowEnd());
        WhatIf.Result r = WhatIf.predict(model, scale, top);
        if (format.equals("json")) {
            json(out, run, by, r, allFrames, criticalPath);
        } else {
            WhatIfText.write(out, run.file.toString(), run.windowText(), by, r, allFrames, criticalPath);
        }
        out.flush();
        return run.status();
    }

    private static Aspect aspect(String name) throws ToolException {
        Aspect a = Aspect.byName(name);
        if (a != null && WhatIfQuery.SECTION_ASPECTS.contains(a)) {
            return a;
        }
        String valid = String.join(", ", WhatIfQuery.SECTION_ASPECTS.stream().map(Aspect::displayName).toList());
        Aspect near = a == null ? Aspect.closest(name) : null;
        throw new ToolException("--by " + name.trim() + ": " + (a != null ? "a section is named by an owner aspect or its lock"
                : "unknown aspect" + (near != null && WhatIfQuery.SECTION_ASPECTS.contains(near) ? "; did you mean " + near.displayName() + "?" : ""))
                + " (choices: " + valid + ")", 2);
    }

    private static double scale(String v) throws ToolException {
        try {
            double s = Double.parseDouble(v.trim());
            if (s >= 0 && s <= 100) {
                return s;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ToolException("--scale needs a factor for the section's hold times, 0 (removed) to 100, e.g. 0.5, not \"" + v + "\"", 2);
    }

    private static String keyText(Object key, boolean allFrames) {
        return ChainRef.keyText(key, allFrames);
    }

    private static void json(PrintStream out, AnalysisRun run, Aspect by, WhatIf.Result r, boolean allFrames,
                             boolean criticalPath) {
        ReplayModel m = r.model();
        StringBuilder sb = new StringBuilder();
        sb.append("{\"trace\": ").append(Json.quote(run.file.toString()))
          .append(", \"by\": ").append(Json.quote(by.displayName()))
          .append(", \"scale\": ").append(Json.number(r.scale()))
          .append(", \"runNanos\": ").append(m.runNanos())
          .append(", \"threads\": ").append(m.threadCount())
          .append(", \"holds\": ").append(m.holdCount())
          .append(", \"unknownHolds\": ").append(m.unknownHoldCount())
          .append(", \"replayRatio\": ").append(Json.number(r.replayRatio()))
          .append(", \"cpuBusyPercent\": ").append(Json.number(100 * m.cpuBusy()))
          .append(", \"sections\": [");
        for (int i = 0; i < r.sections().size(); i++) {
            WhatIf.Section s = r.sections().get(i);
            sb.append(i == 0 ? "" : ", ").append("{\"key\": ").append(Json.quote(keyText(s.key(), allFrames)))
              .append(", \"predictedSpeedup\": ").append(Json.number(s.predictedSpeedup()))
              .append(", \"blockedNanos\": ").append(s.blockedNanos())
              .append(", \"blockedPercent\": ").append(Json.number(s.blockedPercent()))
              .append(", \"blockedRank\": ").append(s.blockedRank())
              .append(", \"heldNanos\": ").append(s.heldNanos())
              .append(", \"ownerPercent\": ").append(Json.number(s.ownerPercent()))
              .append(", \"criticalPathPercent\": ").append(Json.number(s.criticalPathPercent())).append('}');
        }
        sb.append("], \"deadlocksBroken\": ").append(r.deadlocksBroken());
        if (criticalPath) {
            CriticalPath p = r.criticalPath();
            sb.append(", \"criticalPath\": {\"nanos\": ").append(p.nanos()).append(", \"threads\": ").append(p.threads())
              .append(", \"handOffs\": ").append(p.handOffs()).append(", \"handOffNanos\": ").append(p.handOffNanos())
              .append(", \"outsideNanos\": ").append(p.outsideNanos()).append(", \"sections\": [");
            String sep = "";
            for (int i = 0; i < m.sectionCount(); i++) {
                if (p.sectionNanos(i) > 0) {
                    sb.append(sep).append("{\"key\": ").append(Json.quote(keyText(m.section(i), allFrames)))
                      .append(", \"nanos\": ").append(p.sectionNanos(i)).append('}');
                    sep = ", ";
                }
            }
            sb.append("]}");
        }
        sb.append('}');
        out.println(sb);
    }
}
