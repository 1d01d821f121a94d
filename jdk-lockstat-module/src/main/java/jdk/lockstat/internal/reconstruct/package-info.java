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
 * Reconstruction of contentions from a trace's events (the analysis engine of paper Figure 6).
 * {@link jdk.lockstat.internal.reconstruct.ContentionAnalysis} wires the stages and is fed one event
 * buffer at a time, from a file or live from the drain: the
 * {@link jdk.lockstat.internal.reconstruct.EventDecoder} decodes events and resolves their metadata
 * ({@link jdk.lockstat.internal.reconstruct.MetadataResolver}); the
 * {@link jdk.lockstat.internal.reconstruct.EventRearranger} puts each monitor's and each park's events
 * back into sequence order ({@link jdk.lockstat.internal.reconstruct.MonitorQueue},
 * {@link jdk.lockstat.internal.reconstruct.SeqWindow}); the dispatchers hand them to one analyzer per
 * monitor lifetime or park-based lock ({@link jdk.lockstat.internal.reconstruct.MonitorLockAnalyzer},
 * {@link jdk.lockstat.internal.reconstruct.ParkLockAnalyzer}), which turn them into contentions of
 * {@code jdk.lockstat.internal.model} and the per-lock statistics (streamed through a
 * {@link jdk.lockstat.internal.reconstruct.BlockedTimeAccumulator} per lock); the
 * {@link jdk.lockstat.internal.reconstruct.MetadataBarrier} holds contentions until their call chains'
 * metadata has arrived. {@link jdk.lockstat.internal.reconstruct.AnalysisCounters} counts what was read,
 * skipped or guessed. Memory is bounded by the number of monitors and the configured bounds, not by the
 * trace's length.
 */
package jdk.lockstat.internal.reconstruct;
