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
 * A class as events refer to it (by an opaque id). The Class metadata event may come after events that
 * use the id, so the name is filled in when it arrives; until then it renders as unknown.
 */
public final class ClassRef {
    private final long id;
    private String name;
    private long loader;

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
            name = className;
            loader = classLoader;
        }
    }

    @Override
    public String toString() {
        return name != null ? name : "<unknown class 0x" + Long.toHexString(id) + ">";
    }
}
