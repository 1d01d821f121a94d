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

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A class as events refer to it (by an opaque id). The Class metadata event may come after events that
 * use the id, so the name is filled in when it arrives; until then it renders as unknown.
 *
 * <p>The name is kept as every output shows it: a hidden class's address suffix is dropped here (see
 * {@link #displayName}), so reports, keys, flame graphs and exports of two runs name the same classes
 * alike. Every class and frame name the analysis shows comes from this object.
 */
public final class ClassRef {
    private final long id;
    private String name;
    private long loader;
    private Map<Long, LockFacts> lockFacts;   // what the trace says of this class's lock objects, by identity hash
    /** Parks on an instance of this class, by its name alone (ParkBlockerKind.of, once defined): a park's cost. */
    ParkBlockerKind parkKind;

    /** A lock object's name from the heap (LockName) and the synchronized method whose receiver it is. */
    private static final class LockFacts {
        String name;
        MethodRef synchronizedMethod;
    }

    public ClassRef(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public long loader() {
        return loader;
    }

    public boolean defined() {
        return name != null;
    }

    public void define(String className, long classLoader) {
        if (name == null) {
            name = displayName(className);
            loader = classLoader;
        }
    }

    /**
     * A hidden class's name followed by the address HotSpot appends to make it unique: "/0x" and hex
     * digits as Class.getName() gives it ({@code Driver$$Lambda/0x00000000790db308}), ".0x" where the
     * VM printed it with dots for slashes, "+0x" in the VM's internal form. No Java class name can hold
     * such a part (an identifier never begins with a digit), so nothing else matches.
     */
    private static final Pattern HIDDEN_SUFFIX = Pattern.compile("(?<=[\\w$])[/.+]0x[0-9a-fA-F]+(?![\\w$])");

    /**
     * The name as reports show it: every hidden-class address suffix dropped ({@code Driver$$Lambda/0x00000000790db308}
     * becomes {@code Driver$$Lambda}). The address differs from run to run (and with class data sharing,
     * from archive to archive), so with it two reports of the same program could not be compared, and
     * diffs, pprof merges and saved filters would see different classes. The price: the lambdas (and
     * LambdaForms, proxies defined as hidden classes) of one class share one name, as their source does;
     * their frames still differ by method and line. Other generated names ({@code $Proxy12},
     * {@code GeneratedMethodAccessor12}) are ordinary classes and keep their numbers. null stays null.
     */
    public static String displayName(String className) {
        if (className == null || className.indexOf("0x") < 0) {
            return className;
        }
        return HIDDEN_SUFFIX.matcher(className).replaceAll("");
    }

    /**
     * A LockName event: the object of this class with identity hash hash is the lock that name (its
     * reference path from a GC root) denotes. The latest name wins: a dump and the trace's end may both
     * name a lock. Hidden classes on the path are named as {@link #displayName} names them.
     */
    public void nameLock(long hash, String lockName) {
        if (hash != 0 && lockName != null && !lockName.isEmpty()) {
            factsOf(hash).name = displayName(lockName);   // a path through a lambda's field names its class
        }
    }

    /** The name of this class's lock object with identity hash hash, or null. */
    public String lockName(long hash) {
        LockFacts f = lockFacts == null ? null : lockFacts.get(hash);
        return f == null ? null : f.name;
    }

    /**
     * The object of this class with identity hash hash was contended entering method, a synchronized
     * method: it is the method's receiver (its class, for a static method). The first such method is kept.
     */
    public void noteSynchronizedMethod(long hash, MethodRef method) {
        if (hash != 0 && method != null) {
            LockFacts f = factsOf(hash);
            if (f.synchronizedMethod == null) {
                f.synchronizedMethod = method;
            }
        }
    }

    /** The synchronized method whose receiver (or class) the lock object with identity hash hash is, or null. */
    public MethodRef synchronizedMethod(long hash) {
        LockFacts f = lockFacts == null ? null : lockFacts.get(hash);
        return f == null ? null : f.synchronizedMethod;
    }

    private LockFacts factsOf(long hash) {
        if (lockFacts == null) {
            lockFacts = new HashMap<>();
        }
        return lockFacts.computeIfAbsent(hash, h -> new LockFacts());
    }

    @Override
    public String toString() {
        return name != null ? name : "<unknown class 0x" + Long.toHexString(id) + ">";
    }
}
