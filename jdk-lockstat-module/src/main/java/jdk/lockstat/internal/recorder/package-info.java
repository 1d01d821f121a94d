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
 * The in-VM recorder: what runs inside a VM under {@code -XX:+TraceLockContention} or after
 * {@code jcmd LockStat.start}. {@link jdk.lockstat.internal.recorder.Startup} (called by HotSpot at the
 * end of VM creation) opens the trace and starts the {@link jdk.lockstat.internal.recorder.Drain}
 * thread, which takes filled event buffers from the VM through
 * {@link jdk.lockstat.internal.recorder.LockStatVM}'s natives and writes them to a trace file, a ring of
 * chunks, or the online report's analysis; {@link jdk.lockstat.internal.recorder.Control} carries out
 * {@code jcmd LockStat.*} and the MXBean's operations. HotSpot refers to {@code LockStatVM},
 * {@code Startup} and {@code Control} by name.
 */
package jdk.lockstat.internal.recorder;
