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

import java.lang.reflect.Modifier;

/**
 * The object whose lock was contended: its class and identity hash. An object that was never hashed
 * (hash 0) is named by its monitor's address instead, which identifies it only for that monitor's
 * lifetime. Equal LockRefs are the same lock for aggregation (ClassRef compares by identity).
 */
public record LockRef(ClassRef lockClass, long objectHash, long address) {
    public static LockRef of(ClassRef lockClass, long objectHash, long address) {
        return new LockRef(lockClass, objectHash, objectHash != 0 ? 0 : address);
    }

    /**
     * The lock's name (its reference path from a GC root, when the trace named it) with its class and
     * hash in parentheses; else Class@hash (hex, as Object.toString), or Class@0xaddress when the object
     * was never hashed.
     */
    @Override
    public String toString() {
        String name = name();
        return name != null ? name + " (" + identity() + ")" : identity();
    }

    /**
     * What the trace says this lock is: its reference path from a GC root (LockName), and that it is the
     * receiver of a synchronized method ("this of synchronized Counter.add") where threads contended on
     * entering one; null when it says neither.
     */
    public String name() {
        if (lockClass == null || objectHash == 0) {
            return null;
        }
        String path = lockClass.lockName(objectHash);
        MethodRef m = lockClass.synchronizedMethod(objectHash);
        String receiver = m == null ? null
                : (Modifier.isStatic(m.modifiers()) ? "class of static synchronized " : "this of synchronized ") + m;
        return path == null ? receiver : receiver == null ? path : path + "; " + receiver;
    }

    /** Class@hash, or Class@0xaddress. */
    public String identity() {
        String cls = lockClass != null ? lockClass.toString() : "<unknown class>";
        return objectHash != 0 ? cls + "@" + Long.toHexString(objectHash) : cls + "@0x" + Long.toHexString(address);
    }
}
