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

package jdk.lockstat.internal.query;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;
import jdk.lockstat.internal.whatif.HoldCollector;
import jdk.lockstat.internal.whatif.ReplayModel;
import jdk.lockstat.internal.whatif.WhatIf;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportFormat;
import jdk.lockstat.query.ReportNode;

/**
 * Whole-trace passes of the engine for front ends that have no options of their own: a report by aspects,
 * a pprof profile, a what-if prediction. {@code jcmd LockStat.report} of a recording with a trace runs
 * them on a dump of it, and {@code jdk.lockstat.query.WhatIfQuery} on any trace; lockstat's commands run
 * the same engine with their time window and thread filters.
 */
public final class TraceQueries {
    private TraceQueries() {}

    /**
     * A report's trees and what it is of; warnings: what the pass found damaged or incomplete, one
     * sentence each, as lockstat warns of it.
     */
    public record Report(ReportFormat.Source source, ReportNode main, ReportNode afterWait, List<String> warnings) {}

    /** A what-if prediction and the warnings of its pass. */
    public record Prediction(WhatIf.Result result, List<String> warnings) {}

    /** The report of the whole trace by aspects; name: what the report says it is of. */
    public static Report report(Path trace, String name, List<Aspect> aspects, boolean allFrames) throws IOException {
        AggregationTree tree = new AggregationTree(aspects, allFrames);
        Pass p = pass(trace, name, tree, null, ContentionAnalysis.Options.defaults().withFoldedParts(true).withOwnerStates(
                aspects.stream().anyMatch(Aspect::needsOwnerStates), aspects.stream().anyMatch(Aspect::needsRootOwners)));
        ReportFormat.Source source = new ReportFormat.Source(name, "", "null", Set.of(), p.result.parse().complete(),
                p.result.parse().problems(), p.analysis.counters().notes(), p.analysis.sampling());
        return new Report(source, tree.snapshot(), tree.afterWaitSnapshot(), p.warnings);
    }

    /** A pprof profile (profile.proto, not yet compressed), the warnings of its pass and the analysis's notes. */
    public record Profile(byte[] proto, List<String> warnings, List<String> notes) {}

    /**
     * The whole trace's pprof profile of one side (lockstat export's), dated by the trace's wall-clock
     * start; name: the trace as its comment and warnings call it.
     */
    public static Profile pprof(Path trace, String name, boolean ownerSide) throws IOException {
        PprofProfile profile = new PprofProfile(ownerSide, false);
        Pass p = pass(trace, name, profile, null, ContentionAnalysis.Options.defaults().withFoldedParts(true));
        byte[] proto = profile.encode(startEpochNanos(p.result.parse().header(), 0),
                Math.max(0, p.result.endNanos() - p.result.startOrZero()),
                "lockstat export --side " + (ownerSide ? "owner" : "blocked") + " " + name);
        return new Profile(proto, p.warnings, p.analysis.counters().notes());
    }

    /** When a profile starts: the trace's wall-clock start (its header) plus offset ns; 0 when unknown. */
    public static long startEpochNanos(TraceHeader header, long offsetNanos) {
        long millis = header == null ? 0 : header.getLong(TraceHeader.START_MILLIS, 0);
        try {
            return millis <= 0 ? 0 : Math.addExact(Math.multiplyExact(millis, 1_000_000L), offsetNanos);
        } catch (ArithmeticException e) {
            return 0;   // a damaged header
        }
    }

    /**
     * For the top sections by the aspect, the speedup a replay of the whole trace predicts at scale.
     * A sampled trace cannot be replayed: IllegalArgumentException.
     */
    public static Prediction whatIf(Path trace, String name, Aspect by, double scale, int top, boolean allFrames) throws IOException {
        if (!by.namesSections()) {
            throw new IllegalArgumentException("a section is named by an owner aspect or its lock, not " + by.displayName());
        }
        HoldCollector holds = new HoldCollector((lock, part) -> AspectKeys.holdKey(by, lock, part, allFrames));
        Pass p = pass(trace, name, holds, holds, ContentionAnalysis.Options.defaults());
        if (p.analysis.sampling() > 1) {
            throw new IllegalArgumentException(notReplayable(name, p.analysis.sampling()));
        }
        holds.cpus(p.result.parse().header());
        ReplayModel m = ReplayModel.build(holds, p.result.startOrZero(), p.result.endNanos());
        return new Prediction(WhatIf.predict(m, scale, top), p.warnings);
    }

    /** Why a sampled trace has no what-if prediction. */
    public static String notReplayable(String name, long sampling) {
        return name + " recorded one in " + sampling + " contentions (-XX:TraceLockContentionSampling): what-if replays "
                + "every hold, so it needs a trace recorded without sampling";
    }

    /**
     * What a pass over name found damaged or incomplete, one sentence each: the parser's problems, events
     * with impossible sequence numbers (damage by the rule lockstat verify applies), a missing end record.
     */
    public static List<String> warnings(String name, ContentionAnalysis analysis, ContentionAnalysis.TraceResult result) {
        List<String> warnings = new ArrayList<>();
        for (String p : result.parse().problems()) {
            warnings.add(name + ": " + p + " (the output covers what was readable)");
        }
        long impossible = analysis.counters().implausibleSequenceNumbers();
        if (impossible > 0) {
            warnings.add(name + ": " + impossible + " monitor or park event(s) carry an impossible sequence number (damaged; left out)");
        }
        if (!result.parse().complete() && !result.parse().truncated() && result.parse().intact()) {
            warnings.add(name + " has no end record (the VM did not close it)");
        }
        return warnings;
    }

    private record Pass(ContentionAnalysis analysis, ContentionAnalysis.TraceResult result, List<String> warnings) {}

    private static Pass pass(Path trace, String name, ContentionSink sink, ActivityListener activity,
            ContentionAnalysis.Options options) throws IOException {
        ContentionAnalysis analysis = new ContentionAnalysis(sink, options);
        if (activity != null) {
            analysis.activityListener(activity);
        }
        ContentionAnalysis.TraceResult result;
        try {
            result = analysis.analyze(trace);
        } catch (TraceFormatException e) {
            throw new IOException(name + ": " + e.getMessage(), e);
        }
        return new Pass(analysis, result, warnings(name, analysis, result));
    }
}
