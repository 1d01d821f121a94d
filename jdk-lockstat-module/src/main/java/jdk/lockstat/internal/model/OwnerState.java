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

package jdk.lockstat.internal.model;

/**
 * What a lock's owner thread was doing during an owner part, from its own events: the cause behind the
 * cause. An owner that was itself blocked, waiting or parked while others waited for its lock passes
 * their time on to whatever held it up.
 */
public enum OwnerState {
    /**
     * Nothing traced, and on a CPU as far as the owner's CPU time tells (or the trace has none): running,
     * or sleeping, in I/O or native code, which the trace cannot see.
     */
    RUNNING("running"),
    /**
     * Nothing traced, and not on a CPU although ready for one: preempted while holding the lock, or one of
     * more threads than CPUs. Split from running by the owner's CPU time per drain period (ThreadCpu), as
     * the bottle graph splits a thread's time.
     */
    RUNNABLE("runnable"),
    /**
     * Itself blocked on another monitor or park-based lock, or waiting for a resource (a pool's item, a
     * queue's element, a permit, a future: which one, {@link OwnerPart#blockedOn()}).
     */
    BLOCKED("blocked"),
    /** In Object.wait() on another monitor, or parked at a barrier, in a join or without a blocker (a sleep). */
    WAITING("waiting"),
    /** Parked idle: a pool worker waiting for its next task. */
    PARKED("parked"),
    /** Stopped with every Java thread by a safepoint or GC pause. */
    VM_PAUSE("vm-pause");

    private final String label;

    OwnerState(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
