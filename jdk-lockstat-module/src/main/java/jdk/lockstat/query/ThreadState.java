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

/** What a thread did, as far as the trace tells; RUNNING is alive and none of the others. */
public enum ThreadState {
    RUNNING("running"),
    /** Contending for a monitor or a park-based lock. */
    BLOCKED("blocked"),
    /** Object.wait(), a condition, a latch, a future: waiting for an event, not for a lock. */
    WAITING("waiting"),
    /** Parked idle, e.g. a pool worker with nothing to do. */
    PARKED("parked"),
    /** Would have run, but the JVM had stopped every thread (a safepoint: GC, deoptimisation, ...). */
    PAUSED("VM pause");

    private final String label;

    ThreadState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
