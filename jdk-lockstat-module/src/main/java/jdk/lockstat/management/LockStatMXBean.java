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

package jdk.lockstat.management;

import java.lang.management.PlatformManagedObject;

/**
 * Lock contention tracing of this VM (LockStat JDK), the operations of {@code jcmd <pid> LockStat.*}
 * over JMX. Registered in the platform MBean server as {@value #MXBEAN_NAME}. Problems (tracing
 * already on, an unwritable file, a bad value) are thrown as IllegalStateException or
 * IllegalArgumentException with a message that says what to do.
 */
public interface LockStatMXBean extends PlatformManagedObject {
    String MXBEAN_NAME = "jdk.lockstat:type=LockStat";

    /**
     * Starts tracing into a new trace.
     *
     * @param file the trace file (%p: process id, %t: start time); null or empty for
     *             lockstat-%p-%t.lct in the working directory
     * @param durationMillis stop by itself after this many milliseconds; 0: until {@link #stop}
     * @param maxSizeBytes keep only about the most recent this many bytes (a ring of chunks, written
     *                     to file at stop or dump; at least 1 MB); 0: keep everything
     * @return what was started
     */
    String start(String file, long durationMillis, long maxSizeBytes);

    /** Stops tracing and completes the trace file; returns where it is. */
    String stop();

    /** Writes what was recorded so far into a complete trace file; tracing goes on. */
    String dump(String file);

    /** The contention report so far, as lockstat report prints it (by: aspects; top: children per node, 0: all). */
    String report(String by, int top);

    boolean isTracing();

    /** Whether tracing is on, where it writes, how much so far. */
    String getStatus();
}
