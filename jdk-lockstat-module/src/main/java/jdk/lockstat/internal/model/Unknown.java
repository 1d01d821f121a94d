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

/** Aggregation keys for what the trace does not tell, and for time that no thread held the lock. */
public enum Unknown {
    OWNER("<unknown owner>"),
    /** Lock time after a release, while the thread that was woken (or the next owner) had not run yet. */
    HAND_OFF("<hand-off>"),
    /** Root-owner aspects: following who blocked whom led back to a thread already on the path. */
    DEADLOCK("<deadlock cycle>"),
    CHAIN("<unknown chain>"),
    METHOD("<unknown method>"),
    /** Site aspects: no frame of the chain is the application's (query.ApplicationFrames). */
    SITE("<no application frame>"),
    THREAD("<unknown thread>"),
    LOCK("<unknown lock>");

    private final String label;

    Unknown(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
