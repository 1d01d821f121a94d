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
 * What-if: the run's lock hand-offs replayed with one section's holds made shorter, to predict how much
 * faster the threads' work would go ({@code lockstat whatif}). {@link jdk.lockstat.internal.whatif.HoldCollector}
 * takes the analysis' contentions, {@link jdk.lockstat.internal.whatif.ReplayModel} turns them into each
 * thread's actions, {@link jdk.lockstat.internal.whatif.LockReplay} replays them and
 * {@link jdk.lockstat.internal.whatif.WhatIf} compares replays. Depends on the model (and the trace
 * header, for the CPU count); the front ends supply the section keys (an aspect's).
 */
package jdk.lockstat.internal.whatif;
