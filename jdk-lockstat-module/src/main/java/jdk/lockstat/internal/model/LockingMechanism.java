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

import java.util.List;

/**
 * The frames of the locking mechanism itself: the JDK classes that implement park-based locking (Unsafe's
 * park and unpark, LockSupport, AbstractQueuedSynchronizer and the locks on it, ReentrantLock,
 * ReentrantReadWriteLock, StampedLock, Semaphore, CountDownLatch, VirtualThread's park and unpark and the
 * JavaLangAccess bridge to them, Thread.interrupt's unpark) and LockStat's own natives. They sit on top of
 * every park and unpark chain and say nothing about the application: {@link ChainRef#mechanismFrames}
 * starts every chain after them.
 */
final class LockingMechanism {
    /** Class name prefixes, or "Class.method" prefixes. */
    private static final List<String> PREFIXES = List.of(
            "jdk.internal.misc.Unsafe", "java.util.concurrent.locks.", "java.lang.Thread.interrupt",
            "java.lang.VirtualThread", "jdk.internal.misc.VirtualThreads", "java.lang.System$",
            "java.util.concurrent.Semaphore", "java.util.concurrent.CountDownLatch",
            "jdk.lockstat.internal.recorder.LockStatVM");

    private LockingMechanism() {}

    static boolean contains(MethodRef m) {
        if (m == null || m.declaringClass() == null || m.declaringClass().name() == null) {
            return false;
        }
        String cls = m.declaringClass().name();
        for (String p : PREFIXES) {
            if (cls.startsWith(p)) {
                return true;
            }
            // "Class.method" prefixes: the class is the part before the method
            if (p.length() > cls.length() + 1 && p.startsWith(cls) && p.charAt(cls.length()) == '.'
                    && m.name() != null && m.name().startsWith(p.substring(cls.length() + 1))) {
                return true;
            }
        }
        return false;
    }

    /** Whether contains() can be decided for good: the method and its class are known. */
    static boolean decided(MethodRef m) {
        return m != null && m.defined() && m.declaringClass() != null && m.declaringClass().name() != null;
    }
}
