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

package jdk.lockstat.viewer;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import jdk.lockstat.query.CallTree;

/**
 * What the call tree and the flame graph show, shared by both: the blocked threads' chains or the owners'
 * chains, top-down or bottom-up, frames by method or by line. Each view has its own controls, bound to
 * these properties.
 */
final class ChainSettings {
    enum Side {
        BLOCKED("blocked chains"), OWNER("owner chains");

        final String label;

        Side(String label) {
            this.label = label;
        }
    }

    final ObjectProperty<Side> side = new SimpleObjectProperty<>(Side.OWNER);
    final ObjectProperty<CallTree.Direction> direction = new SimpleObjectProperty<>(CallTree.Direction.TOP_DOWN);
    final BooleanProperty lines = new SimpleBooleanProperty(false);

    /** Controls for one view; their ids start with prefix ("calltree-owner", "flame-bottom-up", ...). */
    HBox controls(String prefix) {
        HBox box = new HBox(6,
                segmented(side, prefix, Side.BLOCKED, "Blocked chains", "blocked",
                        "where the blocked threads waited", Side.OWNER, "Owner chains", "owner",
                        "what the owners did while others waited (where they released the lock)"),
                segmented(direction, prefix, CallTree.Direction.TOP_DOWN, "Top-down", "top-down",
                        "roots: the outermost frames (Thread.run, ...); paths end where the thread blocked or released",
                        CallTree.Direction.BOTTOM_UP, "Bottom-up", "bottom-up",
                        "roots: the frames where threads blocked or released the lock; children: their callers"));
        CheckBox byLine = new CheckBox("lines");
        byLine.setId(prefix + "-lines");
        byLine.setTooltip(new Tooltip("tell frames apart by line (File.java:line), not only by method"));
        byLine.selectedProperty().bindBidirectional(lines);
        box.getChildren().add(byLine);
        for (Node n : box.getChildren()) {
            ((Region) n).setMinWidth(Region.USE_PREF_SIZE);
        }
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** Two toggle buttons side by side, one of them always selected, kept in step with the property. */
    private static <T> HBox segmented(ObjectProperty<T> property, String prefix, T a, String aText, String aId, String aTip,
                                      T b, String bText, String bId, String bTip) {
        ToggleGroup group = new ToggleGroup();
        ToggleButton first = button(group, a, aText, prefix + "-" + aId, aTip);
        ToggleButton second = button(group, b, bText, prefix + "-" + bId, bTip);
        Runnable fromProperty = () -> group.selectToggle(property.get() == a ? first : second);
        fromProperty.run();
        property.addListener((o, was, now) -> fromProperty.run());
        group.selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                group.selectToggle(was);   // one is always selected
            } else {
                @SuppressWarnings("unchecked")
                T value = (T) now.getUserData();
                property.set(value);
            }
        });
        HBox box = new HBox(0, first, second);
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    private static ToggleButton button(ToggleGroup group, Object value, String text, String id, String tip) {
        ToggleButton t = new ToggleButton(text);
        t.setId(id);
        t.setUserData(value);
        t.setToggleGroup(group);
        t.setTooltip(new Tooltip(tip));
        t.setMinWidth(Region.USE_PREF_SIZE);
        return t;
    }
}
