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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * Where the drain hands the VM's trace buffers: the trace file, the online analysis, or both. All
 * calls come from one thread at a time (the drain, or the shutdown hook holding its lock).
 */
interface BufferSink {
    /**
     * One VM buffer; it is valid only during the call (the drain gives it back afterwards), and its
     * position and limit are restored after it. A sink that cannot take it for want of heap (the
     * application exhausted it) counts the buffer as lost itself and returns, or throws an
     * IOException if it cannot go on.
     */
    void buffer(ByteBuffer vmBuffer) throws IOException;

    /** End of a drain period in which buffers arrived: a chance to flush. */
    void periodEnd() throws IOException;

    /**
     * Whether this sink's time-driven interval (periodic profiles) has ended: the drain then collects the
     * threads' buffers even while idle, hands everything over and calls {@link #endInterval}.
     */
    default boolean intervalDue() {
        return false;
    }

    /** The interval ended, with everything recorded up to now handed over. */
    default void endInterval() throws IOException {
    }

    /** Tracing ended normally; the properties describe the whole trace. */
    void end(Map<String, String> endProperties) throws IOException;

    /** A failure of this sink ends it: release what it holds, say what is left. */
    String fail(IOException e);
}
