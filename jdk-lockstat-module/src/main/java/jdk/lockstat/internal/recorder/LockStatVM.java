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

package jdk.lockstat.internal.recorder;

import java.nio.ByteBuffer;

/**
 * The VM's side of tracing, bound by HotSpot (src/hotspot/share/lockstat/service/lockStatNatives.cpp).
 * Buffers from {@link #takeBuffer} are DirectByteBuffers over VM memory: they must be given back with
 * {@link #releaseBuffer} exactly once and not touched afterwards.
 */
final class LockStatVM {
    private static native void registerNatives();

    /** False in a VM built without the lockstat feature, which binds none of these natives. */
    private static final boolean AVAILABLE = register();

    private static boolean register() {
        try {
            registerNatives();
            return true;
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    static boolean available() {
        return AVAILABLE;
    }

    private LockStatVM() {}

    /** TraceLockContentionFile with %p, %t and %% expanded. */
    static native String tracePath();

    /** TraceLockContentionReport with %p, %t and %% expanded; null without online analysis. */
    static native String reportPath();

    /** Whether a trace file was asked for (-XX:+TraceLockContention given, not only implied by a report). */
    static native boolean writeTraceFile();

    static native boolean compress();

    /** os::javaTimeNanos() (same as System.nanoTime()) when tracing started: start.ticks' pair. */
    static native long startNanos();

    /**
     * Ticks per second of the counter that stamps events: the CPU's invariant TSC where usable, else
     * os::javaTimeNanos (1000000000).
     */
    static native long clockFrequency();

    /** The timestamp counter's value when tracing started, at the same moment as {@link #startNanos}. */
    static native long startTicks();

    static native long startMillis();

    /** "name=value" lines, one per LockStat flag. */
    static native String flags();

    /** The next full buffer, or null; with flush, partly filled shared buffers are queued first. */
    static native ByteBuffer takeBuffer(boolean flush);

    static native void releaseBuffer(ByteBuffer buffer);

    /**
     * Stops tracing at a safepoint: the VM writes no more events, and every thread's buffer is queued
     * for {@link #takeBuffer} first.
     */
    static native void stop();

    /**
     * Starts tracing in a running VM, with a new trace (buffer sequence from 0; metadata written
     * again as events first use it). sampling: record one in that many contentions
     * (TraceLockContentionSampling), 0 to keep the flag's rate. False when tracing is on already.
     */
    static native boolean start(int sampling);

    /**
     * Names the at most maxLocks most contended locks still alive by their reference paths from GC roots,
     * at a safepoint, searching for at most timeLimitMillis (LockName and LockNameSearch events, queued at
     * the next collect or stop). Map entries read as [KeyClass]; with showKeys as the key's value for strings
     * and boxed integers (heap contents, which a trace otherwise never holds).
     */
    static native void nameLocks(int maxLocks, long timeLimitMillis, boolean showKeys);

    /** Whether the VM is recording events now. */
    static native boolean active();

    /** Queues every thread's buffer at a safepoint; tracing goes on. */
    static native void collect();

    /** While excluded, the calling thread records no events (LockStat's own threads). */
    static native void excludeCurrentThread(boolean excluded);

    static native long lostBuffers();

    static native long bufferHighWater();

    /** Buffer sequence numbers the VM handed out in this trace (written, lost, or still queued). */
    static native long numberedBuffers();
}
