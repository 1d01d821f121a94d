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
 * The queries front ends ask of a trace: the API that the JavaFX viewer ({@code viewer-fx}) is written
 * against, on top of the analysis engine in {@code jdk.lockstat.internal.*}. A front end needs nothing
 * from those packages: every type it names is here.
 *
 * <ul>
 * <li>{@link jdk.lockstat.query.TraceModel}: a trace opened for exploration. One streaming pass of the
 *     engine ({@link jdk.lockstat.query.TraceModel#load}, with progress and cancellation) fills everything
 *     below; all of it can be read while the pass runs. Also the trace's facts: start, end, CPUs, what
 *     could not be read, the engine's notes.</li>
 * <li>{@link jdk.lockstat.query.ContentionCube}, {@link jdk.lockstat.query.DrillNode},
 *     {@link jdk.lockstat.query.DrillDetail} and {@link jdk.lockstat.query.Aspect}: drill-down trees of
 *     contention in any order of aspects (lock class, lock, thread, call chain, owner thread, owner
 *     method, owner call chain, ...) over any time range, rebuilt without reading the trace again, and
 *     what lies under one node.</li>
 * <li>{@link jdk.lockstat.query.TimeAxis}: the time buckets shared by every view, so that a range picked
 *     on one applies to all.</li>
 * <li>{@link jdk.lockstat.query.ThreadActivity}, {@link jdk.lockstat.query.ThreadState} and
 *     {@link jdk.lockstat.query.BottleGraph}: per-thread timelines, thread states over time, bottle
 *     graphs.</li>
 * <li>{@link jdk.lockstat.query.LockStatistics} and {@link jdk.lockstat.query.LockMetrics}: the per-lock
 *     table and its derived metrics.</li>
 * <li>{@link jdk.lockstat.query.WhatIfQuery}: what-if predictions (lockstat whatif's), a replay of the
 *     run's lock hand-offs with one section's holds made shorter; read from the trace again.</li>
 * <li>{@link jdk.lockstat.query.DurationHistogram}, {@link jdk.lockstat.query.DurationDistribution} and
 *     {@link jdk.lockstat.query.DurationText}: contention durations, their percentiles, and how they are
 *     written for people.</li>
 * <li>{@link jdk.lockstat.query.ReportNode} and {@link jdk.lockstat.query.ReportFormat}: report trees and
 *     their text, CSV and JSON forms, the same for {@code lockstat report}, the online report and the
 *     viewer's export.</li>
 * <li>{@link jdk.lockstat.query.CallChain}: a call chain key's frames as text;
 *     {@link jdk.lockstat.query.ChainLabels}: short labels that tell sibling chains apart;
 *     {@link jdk.lockstat.query.CallTree}: a node's chains merged frame by frame, top-down or bottom-up,
 *     for call trees and flame graphs.</li>
 * </ul>
 *
 * <p>Keys of drill-down nodes and detail entries are the engine's metadata objects (a thread, lock,
 * class, method or call chain, or an "unknown" marker): a front end shows them by {@code toString()} and
 * reads call chains through {@link jdk.lockstat.query.CallChain}.
 *
 * <p>A model is fed by one thread and may be read by any other meanwhile. This package is not exported
 * from module {@code jdk.lockstat} in the JDK image; front ends use the module's Maven jar. It changes
 * with the engine, and no compatibility is promised beyond this repository.
 */
package jdk.lockstat.query;
