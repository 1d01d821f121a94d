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

package jdk.lockstat.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Aspect names as users type them: the valid ones, and the nearest one to a typo. */
class AspectTest {
    @Test
    void editDistanceCountsSwapsAsOneEdit() {
        assertEquals(0, Aspect.editDistance("owner-method", "owner-method"));
        assertEquals(1, Aspect.editDistance("owner-metod", "owner-method"));     // a deletion
        assertEquals(1, Aspect.editDistance("owner-methood", "owner-method"));   // an insertion
        assertEquals(1, Aspect.editDistance("owner-mathod", "owner-method"));    // a substitution
        assertEquals(1, Aspect.editDistance("owner-mehtod", "owner-method"));    // two neighbours swapped
        assertEquals(6, Aspect.editDistance("", "thread"));
        assertEquals(3, Aspect.editDistance("kitten", "sitting"));
    }

    @Test
    void closestIsATypoOfAValidName() {
        assertEquals(Aspect.OWNER_METHOD, Aspect.closest("owner-metod"));
        assertEquals(Aspect.OWNER_METHOD, Aspect.closest(" Owner-Method "));
        assertEquals(Aspect.LOCK_CLASS, Aspect.closest("lockclass"));
        assertEquals(Aspect.ROOT_OWNER_CHAIN, Aspect.closest("root-owner-chian"));
        assertEquals(Aspect.THREAD, Aspect.closest("threads"));
        assertEquals(Aspect.LOCK, Aspect.closest("lok"));
        // Too far from every name to be a typo: no suggestion rather than a wrong one.
        assertNull(Aspect.closest("colour"));
        assertNull(Aspect.closest("owner"));
        assertNull(Aspect.closest(""));
    }

    @Test
    void parseListNamesTheSuggestionAndEveryAspect() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Aspect.parseList("lock,owner-metod"));
        assertEquals("unknown aspect \"owner-metod\"; did you mean owner-method? (aspects: " + Aspect.names() + ")", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Aspect.parseList("colour"));
        assertEquals("unknown aspect \"colour\" (aspects: " + Aspect.names() + ")", e.getMessage());
        assertEquals(List.of(Aspect.LOCK, Aspect.OWNER_METHOD), Aspect.parseList(" lock , owner-method"));
    }
}
