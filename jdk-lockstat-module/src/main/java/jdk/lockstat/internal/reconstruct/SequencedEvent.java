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

/**
 * An event the rearranger orders: by a gapless sequence number, with its time for tie-breaking lifetimes.
 * Most events take one number; a release summary stands for {@link #count()} consecutive ones.
 */
abstract class SequencedEvent {
    final long seq;
    final long time;
    /** The next event in the same slot of the {@link SeqWindow} holding this one; null elsewhere. */
    SequencedEvent nextInSlot;

    SequencedEvent(long seq, long time) {
        this.seq = seq;
        this.time = time;
    }

    /** How many sequence numbers the event occupies, from seq on. */
    long count() {
        return 1;
    }

    /** The last number the event occupies. */
    final long lastSeq() {
        return seq + count() - 1;
    }
}
