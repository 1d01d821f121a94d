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

package jdk.lockstat.internal.whatif;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.MethodRef;

/**
 * Which holds of a read-write lock are a reader's: readers hold the lock together, so the replay lets
 * them in side by side and keeps only writers alone. The trace tells a reader by its call chain, where it
 * waited for the lock or gave it back: through {@code ReentrantReadWriteLock$ReadLock} or a read method of
 * {@code StampedLock} (its read-lock view included). Monitors and other locks have no readers. One
 * instance per model: each chain is looked at once, however many holds and waits name it.
 */
final class ReadHolds {
    private static final String RW_READ_LOCK = "java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock";
    private static final String STAMPED = "java.util.concurrent.locks.StampedLock";
    private static final String STAMPED_READ_VIEW = "java.util.concurrent.locks.StampedLock$ReadLockView";
    private static final Set<String> STAMPED_READS = Set.of("readLock", "tryReadLock", "readLockInterruptibly",
            "unlockRead", "tryUnlockRead", "unstampedUnlockRead", "acquireRead");

    private final Map<ChainRef, Boolean> known = new HashMap<>();

    /** Whether the chain (null or not yet defined: no) waits for or gives back a read lock. */
    boolean shared(ChainRef chain) {
        if (chain == null || !chain.defined()) {
            return false;
        }
        return known.computeIfAbsent(chain, ReadHolds::readFrame);
    }

    private static boolean readFrame(ChainRef chain) {
        for (Frame f : chain.frames()) {
            MethodRef m = f.method();
            ClassRef c = m == null ? null : m.declaringClass();
            String name = c == null ? null : c.name();
            if (name == null) {
                continue;
            }
            if (name.equals(RW_READ_LOCK) || name.equals(STAMPED_READ_VIEW)
                    || (name.equals(STAMPED) && STAMPED_READS.contains(m.name()))) {
                return true;
            }
        }
        return false;
    }
}
