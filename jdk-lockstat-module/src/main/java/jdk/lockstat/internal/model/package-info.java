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

/**
 * The contention model: what reconstruction produces and every later stage consumes.
 * {@link jdk.lockstat.internal.model.Contention} (a thread blocked on a lock from start to end, in a
 * call chain) with its {@link jdk.lockstat.internal.model.OwnerPart}s (who held the lock during which
 * part of that interval); the metadata it refers to, filled in as the trace's metadata arrives
 * ({@link jdk.lockstat.internal.model.ThreadRef}, {@link jdk.lockstat.internal.model.LockRef},
 * {@link jdk.lockstat.internal.model.ClassRef}, {@link jdk.lockstat.internal.model.MethodRef},
 * {@link jdk.lockstat.internal.model.ChainRef} and its {@link jdk.lockstat.internal.model.Frame}s, or
 * {@link jdk.lockstat.internal.model.Unknown}); how parks and locking-mechanism frames are classified
 * ({@link jdk.lockstat.internal.model.ParkBlockerKind},
 * {@link jdk.lockstat.internal.model.LockingMechanism}: every view of a chain, report keys, flame graphs
 * and exports alike, starts at its first frame outside the mechanism, by the one rule of
 * {@link jdk.lockstat.internal.model.ChainRef#frames(boolean)}); and the two streams reconstruction hands on:
 * contentions to a {@link jdk.lockstat.internal.model.ContentionSink}, and what threads did besides
 * contending to an {@link jdk.lockstat.internal.model.ActivityListener}.
 *
 * <p>Depends on no other package of the module. The mutators (constructors, {@code define},
 * {@code addPart}, ...) are public for the reconstruction only; once a contention is handed on it does
 * not change.
 */
package jdk.lockstat.internal.model;
