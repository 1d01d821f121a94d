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

/** A method as call chains refer to it; name and class are filled in when its Method event arrives. */
public final class MethodRef {
    private final long id;
    private ClassRef declaringClass;
    private String name;
    private String signature;
    private String sourceFile;
    private int modifiers = -1;   // the JVM's access flags; -1: unknown

    public MethodRef(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public String signature() {
        return signature;
    }

    public String sourceFile() {
        return sourceFile;
    }

    public ClassRef declaringClass() {
        return declaringClass;
    }

    public boolean defined() {
        return name != null;
    }

    public void define(ClassRef holder, String methodName, String methodSignature, String file) {
        define(holder, methodName, methodSignature, file, -1);
    }

    /** With the method's access flags (java.lang.reflect.Modifier bits; -1 unknown). */
    public void define(ClassRef holder, String methodName, String methodSignature, String file, int accessFlags) {
        if (name == null) {
            modifiers = accessFlags;
            declaringClass = holder;
            name = methodName;
            signature = methodSignature;
            sourceFile = file;
        }
    }

    /** The access flags (java.lang.reflect.Modifier bits), or -1 when the trace did not give them. */
    public int modifiers() {
        return modifiers;
    }

    /** Class.method, as profilers show frames. */
    @Override
    public String toString() {
        if (name == null) {
            return "<unknown method 0x" + Long.toHexString(id) + ">";
        }
        return (declaringClass != null ? declaringClass + "." : "") + name;
    }
}
