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
 * A Java thread as events refer to it. Created on first mention; the name arrives with ThreadStart,
 * possibly later than events of the thread (it sits in the VM's shared metadata buffer), so it is filled
 * in place and everything holding this object sees it. Thread ids are never reused by the JVM.
 */
public final class ThreadRef {
    private final long id;
    private String name;
    private boolean virtual;
    private boolean daemon;

    public ThreadRef(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    /** The thread's name, or null while no ThreadStart has been seen. */
    public String name() {
        return name;
    }

    public boolean isVirtual() {
        return virtual;
    }

    public boolean isDaemon() {
        return daemon;
    }

    /** ThreadStart: the first one wins (a thread can have two when it started as tracing started). */
    public void started(String threadName, boolean isVirtual, boolean isDaemon) {
        if (name == null) {
            name = threadName;
            daemon = isDaemon;
        }
        virtual |= isVirtual;
    }

    /** A VthreadMount named this thread: it is virtual even if its ThreadStart is missing. */
    public void markVirtual() {
        virtual = true;
    }

    /** The name to show: unnamed virtual threads (the default) say what they are. */
    public String displayName() {
        if (name == null) {
            return "<unknown thread>";
        }
        if (name.isEmpty()) {
            return virtual ? "<virtual>" : "<unnamed>";
        }
        return name;
    }

    @Override
    public String toString() {
        return displayName() + " #" + id;
    }
}
