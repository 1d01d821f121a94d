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

package jdk.lockstat.query;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.query.TraceQueries;
import jdk.lockstat.internal.whatif.ReplayModel;
import jdk.lockstat.internal.whatif.WhatIf;

/**
 * What-if predictions of a trace (lockstat whatif's, docs/report-format.md "lockstat whatif"): for the
 * sections that blocked others most and those that held their locks longest, the speedup a replay of the
 * run predicts if that section's holds took a scale of their time. Front ends get rows of text and
 * numbers; the model behind them is the engine's.
 */
public final class WhatIfQuery {
    /** The aspects a section can be named by: an owner's, or the lock itself. */
    public static final List<Aspect> SECTION_ASPECTS = java.util.Arrays.stream(Aspect.values()).filter(Aspect::namesSections).toList();

    /**
     * One section: its key's text, predicted speedup (1.0: no gain), the percent of blocked time charged to
     * its holders and its rank by that, its holds as a percent of the run, and its share of the replay's
     * critical path.
     */
    public record Row(String section, double predictedSpeedup, double blockedPercent, int blockedRank, double heldPercent,
                      double criticalPathPercent) {}

    /**
     * A prediction: its rows, ranked by predicted speedup; how fast the unscaled replay went against the
     * recording; how busy the run kept the traced VM's CPUs (NaN: unknown) and how many the replay shared.
     */
    public record Prediction(double scale, List<Row> rows, double replayRatio, double cpuBusyPercent, double replayCpus) {}

    private WhatIfQuery() {}

    /** Reads the whole trace and predicts, for the top sections by the aspect, the speedup at scale. */
    public static Prediction predict(Path trace, Aspect by, double scale, int top) throws IOException {
        WhatIf.Result r = TraceQueries.whatIf(trace, trace.toString(), by, scale, top, false).result();
        ReplayModel m = r.model();
        return new Prediction(scale, r.sections().stream().map(s -> new Row(ChainRef.keyText(s.key(), false),
                s.predictedSpeedup(), s.blockedPercent(), s.blockedRank(), s.ownerPercent(), s.criticalPathPercent())).toList(),
                r.replayRatio(), 100 * m.cpuBusy(), m.replayCpus());
    }
}
