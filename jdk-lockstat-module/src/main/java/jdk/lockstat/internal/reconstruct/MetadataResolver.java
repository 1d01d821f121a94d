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

package jdk.lockstat.internal.reconstruct;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.MethodRef;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Paper Figure 6, "metadata resolver": turns the ids in events into shared objects (ThreadRef,
 * ClassRef, MethodRef, ChainRef). An id seen before its metadata gets an empty object that is filled
 * when the metadata arrives, so events never wait here and unknown ids never fail; they render as
 * "&lt;unknown ... 0x...&gt;".
 *
 * <p>LoaderUnload and ChainPurge end an id's meaning. The forgetting is deferred to {@link #safePoint()}
 * (between buffers), and only drops the id-to-object mapping: events already resolved, pending in the
 * rearranger or aggregated keep their objects, and a later reuse of the id gets a fresh object. Objects
 * still waiting for their metadata are kept, since their metadata may still arrive.
 */
final class MetadataResolver {
    // Threads, classes, methods and chains by id: looked up for every event (its context, owners and
    // unpark targets), every park blocker and every event with a chain, so without boxing.
    private final LongMap<ThreadRef> threads = new LongMap<>();
    private final LongMap<ClassRef> classes = new LongMap<>();
    private final LongMap<MethodRef> methods = new LongMap<>();
    private final LongMap<ChainRef> chains = new LongMap<>();
    /** The first chain defined with each list of frames (see {@link ChainRef#canonical()}). */
    private final Map<List<Frame>, ChainRef> chainsByFrames = new HashMap<>();
    private final List<Long> unloadedLoaders = new ArrayList<>();
    private final List<Long> purgedChains = new ArrayList<>();
    private long forgotten;
    private long definitions;
    private ThreadRef lastThread;

    ThreadRef thread(long id) {
        ThreadRef t = lastThread;
        if (t != null && t.id() == id) {
            return t;   // a buffer's events mostly name its own thread, one after another
        }
        t = threads.get(id);
        if (t == null) {
            t = new ThreadRef(id);
            threads.put(id, t);
        }
        lastThread = t;
        return t;
    }

    /** Every thread an event named so far, with its name where a ThreadStart gave one (never forgotten). */
    Collection<ThreadRef> threads() {
        return Collections.unmodifiableCollection(threads.values());
    }

    /** null for id 0 (none). */
    ClassRef classRef(long id) {
        if (id == 0) {
            return null;
        }
        ClassRef c = classes.get(id);
        if (c == null) {
            c = new ClassRef(id);
            classes.put(id, c);
        }
        return c;
    }

    MethodRef method(long id) {
        MethodRef m = methods.get(id);
        if (m == null) {
            m = new MethodRef(id);
            methods.put(id, m);
        }
        return m;
    }

    /** null for chain 0 (the VM had no chain, e.g. an exit by VM code without Java frames). */
    ChainRef chain(long id) {
        if (id == 0) {
            return null;
        }
        ChainRef c = chains.get(id);
        if (c == null) {
            c = new ChainRef(id);
            chains.put(id, c);
        }
        return c;
    }

    void threadStart(long id, int flags, String name) {
        thread(id).started(name, (flags & jdk.lockstat.internal.format.EventType.THREAD_VIRTUAL) != 0,
                (flags & jdk.lockstat.internal.format.EventType.THREAD_DAEMON) != 0);
    }

    void defineClass(long id, long loader, String name) {
        ClassRef c = classRef(id);
        if (c != null) {
            c.define(name, loader);
            definitions++;   // a park blocker's class name decides whether a held park is contention
        }
    }

    void defineMethod(long id, long classId, String name, String signature, String sourceFile, int modifiers) {
        MethodRef m = method(id);
        if (!m.defined()) {
            m.define(classRef(classId), name, signature, sourceFile, modifiers);
            definitions++;   // a park chain's waiting method decides whether a held park is contention
        }
    }

    void defineChain(long id, List<Frame> frames) {
        ChainRef c = chain(id);
        if (c != null && !c.defined()) {
            c.define(frames);
            c.sameAs(chainsByFrames.computeIfAbsent(c.frames(), f -> c));
            definitions++;
        }
    }

    /**
     * Call chains (and classes and methods) defined so far: a change tells that held contentions may have become
     * resolvable.
     */
    long definitions() {
        return definitions;
    }

    void loaderUnloaded(long loader) {
        unloadedLoaders.add(loader);
    }

    void chainPurged(long chain) {
        purgedChains.add(chain);
    }

    /**
     * Called between buffers: applies the unloads and purges seen so far. Every event that used the old
     * ids has been resolved to objects by now (the VM flushes all buffers before writing the unload).
     */
    void safePoint() {
        if (unloadedLoaders.isEmpty() && purgedChains.isEmpty()) {
            return;
        }
        Set<Long> loaders = new HashSet<>(unloadedLoaders);
        Set<ClassRef> goneClasses = new HashSet<>();
        classes.removeIf(c -> {
            boolean gone = c.defined() && loaders.contains(c.loader());
            if (gone) {
                goneClasses.add(c);
            }
            return gone;
        });
        Set<MethodRef> goneMethods = new HashSet<>();
        methods.removeIf(m -> {
            boolean gone = m.defined() && goneClasses.contains(m.declaringClass());
            if (gone) {
                goneMethods.add(m);
            }
            return gone;
        });
        int before = classes.size() + methods.size() + chains.size() + goneClasses.size() + goneMethods.size();
        if (!goneMethods.isEmpty()) {
            chains.removeIf(c -> c.uses(goneMethods));
            chainsByFrames.values().removeIf(c -> c.uses(goneMethods));
        }
        for (long id : purgedChains) {
            ChainRef c = chains.get(id);
            if (c != null && c.defined()) {
                chains.remove(id);
            }
        }
        forgotten += before - (classes.size() + methods.size() + chains.size());
        unloadedLoaders.clear();
        purgedChains.clear();
    }

    /** Classes, methods and chains forgotten after unloads and purges. */
    long forgotten() {
        return forgotten;
    }

    int knownIds() {
        return threads.size() + classes.size() + methods.size() + chains.size();
    }
}
