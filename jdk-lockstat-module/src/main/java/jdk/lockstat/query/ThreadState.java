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

/**
 * What a thread did, as far as the trace tells. RUNNING is on a CPU where the trace recorded the thread's
 * CPU time (ThreadCpu events), otherwise alive and none of the others; RUNNABLE is the rest of a thread's
 * not-blocked time where CPU time was recorded: ready, but waiting for a CPU; IDLE is that rest where the
 * thread hardly ran at all: a sleep, I/O or an uncontended wait() that the trace does not see.
 */
public enum ThreadState {
    RUNNING("running"),
    /** Contending for a monitor or a park-based lock, or waiting for a resource (a pool, a queue, a future). */
    BLOCKED("blocked"),
    /** Object.wait(), a barrier, a join, a park without a blocker: waiting, not for a lock or a resource. */
    WAITING("waiting"),
    /** Parked idle, e.g. a pool worker with nothing to do. */
    PARKED("parked"),
    /** Would have run, but the JVM had stopped every thread (a safepoint: GC, deoptimisation, ...). */
    PAUSED("VM pause"),
    /** Not blocked, waiting, parked or paused, yet not on a CPU: more runnable threads than CPUs. */
    RUNNABLE("runnable"),
    /**
     * Neither blocked, waiting, parked nor paused in the trace, yet on a CPU for less than 5% of that time in
     * a drain period: waiting where the trace cannot see it (a runnable thread gets about 1/N of a CPU
     * with N threads per CPU; under 5% would take over 20).
     */
    IDLE("idle, untraced");

    private final String label;

    ThreadState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
