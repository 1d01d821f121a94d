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

/**
 * The query engine behind {@code jdk.lockstat.query}: aggregation of a stream of contentions by a list of
 * aspects ({@link jdk.lockstat.internal.query.AggregationTree}; {@link jdk.lockstat.internal.query.AspectKeys}
 * is the one place that says what each aspect keys by), the online mode's summary from which a report by
 * any aspects is computed later ({@link jdk.lockstat.internal.query.ContentionSummary}), the per-lock
 * table ({@link jdk.lockstat.internal.query.LockRows}), pprof profiles
 * ({@link jdk.lockstat.internal.query.PprofProfile}) and whole-trace passes that produce them
 * ({@link jdk.lockstat.internal.query.TraceQueries}). It produces the API's own types (aspects, report
 * nodes, duration histograms): it is the API's implementation, one layer with it. Layers import only
 * downwards: format, model, reconstruct, aggregate, query, then the tool, the recorder and the viewer
 * ({@code LayeringTest}).
 */
package jdk.lockstat.internal.query;
