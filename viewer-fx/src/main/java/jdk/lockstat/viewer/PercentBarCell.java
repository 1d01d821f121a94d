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

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TreeTableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/** A tree table's percent column: the percent as text after a bar proportional to it. */
final class PercentBarCell<S> extends TreeTableCell<S, Number> {
    private final Region bar = new Region();
    private final Label text = new Label();
    private final HBox box = new HBox(4, bar, text);

    /** color: the bar's CSS colour. */
    PercentBarCell(String color) {
        bar.setStyle("-fx-background-color: " + color + ";");
        bar.setPrefHeight(10);
        box.setAlignment(Pos.CENTER_LEFT);
    }

    @Override
    protected void updateItem(Number v, boolean empty) {
        super.updateItem(v, empty);
        if (empty || v == null) {
            setGraphic(null);
            return;
        }
        bar.setMinWidth(Math.max(1, 0.7 * v.doubleValue()));
        bar.setMaxWidth(Math.max(1, 0.7 * v.doubleValue()));
        text.setText(Texts.percent(v.doubleValue()));
        setGraphic(box);
    }
}
