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

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import jdk.lockstat.query.Aspect;

/**
 * The drill-down panel: which aspects, in which order, the tree selects by; presets; the after-wait
 * tree; call chains with all frames or from their first frame outside the locking mechanism; the search
 * box. Every change is reported at once (the tree rebuilds from the cube).
 */
final class AspectBar extends VBox {
    final ListView<Aspect> chosen = new ListView<>();
    final ComboBox<Presets> presets = new ComboBox<>(FXCollections.observableArrayList(Presets.values()));
    final MenuButton add = new MenuButton("Add aspect");
    final Button left = new Button("\u25c0"), right = new Button("\u25b6"), remove = new Button("Remove");
    final CheckBox afterWait = new CheckBox("after-wait tree (re-entry after wait())");
    final CheckBox allFrames = new CheckBox("all frames");
    final TextField search = new TextField();
    private final Consumer<List<Aspect>> onAspects;

    AspectBar(Consumer<List<Aspect>> onAspects) {
        this.onAspects = onAspects;
        setSpacing(4);
        setPadding(new Insets(4, 6, 4, 6));
        chosen.setId("aspects");
        chosen.setOrientation(Orientation.HORIZONTAL);
        chosen.setPrefHeight(34);
        chosen.setMinWidth(260);
        chosen.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Aspect a, boolean empty) {
                super.updateItem(a, empty);
                setText(empty || a == null ? null : (getIndex() + 1) + ". " + a.displayName());
            }
        });
        HBox.setHgrow(chosen, Priority.ALWAYS);
        presets.setId("presets");
        presets.setPromptText("Presets");
        presets.setOnAction(e -> {
            if (presets.getValue() != null) {
                set(presets.getValue().aspects);
            }
        });
        left.setId("aspect-left");
        right.setId("aspect-right");
        remove.setId("aspect-remove");
        add.setId("aspect-add");
        left.setOnAction(e -> move(-1));
        right.setOnAction(e -> move(1));
        remove.setOnAction(e -> {
            Aspect a = chosen.getSelectionModel().getSelectedItem();
            if (a != null && chosen.getItems().size() > 1) {
                chosen.getItems().remove(a);
                changed();
            }
        });
        add.setOnShowing(e -> {
            add.getItems().clear();
            for (Aspect a : Aspect.values()) {
                if (!chosen.getItems().contains(a)) {
                    MenuItem item = new MenuItem(a.displayName());
                    item.setId("add-" + a.displayName());
                    item.setOnAction(x -> {
                        chosen.getItems().add(a);
                        changed();
                    });
                    add.getItems().add(item);
                }
            }
        });
        afterWait.setId("after-wait");
        allFrames.setId("all-frames");
        allFrames.setTooltip(new javafx.scene.control.Tooltip("show the locking mechanism's frames too (Unsafe.park, "
                + "LockSupport, AbstractQueuedSynchronizer, ReentrantLock, ...): call chains otherwise start at their "
                + "first frame outside it"));
        search.setId("search");
        search.setPromptText("Filter keys\u2026");
        search.setPrefWidth(180);
        presets.setPrefWidth(380);
        HBox.setHgrow(search, Priority.ALWAYS);
        search.setMaxWidth(Double.MAX_VALUE);
        HBox order = row(new Label("Drill down by:"), chosen, left, right, remove, add);
        HBox more = row(new Label("Presets:"), presets, afterWait, allFrames, new Label("Filter:"), search);
        getChildren().addAll(order, more);
    }

    private static HBox row(javafx.scene.Node... nodes) {
        for (javafx.scene.Node n : nodes) {
            if (n instanceof Region r && !(n instanceof ListView) && !(n instanceof TextField)) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        HBox row = new HBox(6, nodes);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    List<Aspect> aspects() {
        return List.copyOf(chosen.getItems());
    }

    void set(List<Aspect> aspects) {
        ObservableList<Aspect> items = chosen.getItems();
        if (new ArrayList<>(items).equals(aspects)) {
            return;
        }
        items.setAll(aspects);
        changed();
    }

    private void move(int by) {
        int i = chosen.getSelectionModel().getSelectedIndex();
        int j = i + by;
        if (i < 0 || j < 0 || j >= chosen.getItems().size()) {
            return;
        }
        Aspect a = chosen.getItems().remove(i);
        chosen.getItems().add(j, a);
        chosen.getSelectionModel().clearAndSelect(j);
        changed();
    }

    private void changed() {
        onAspects.accept(aspects());
    }
}
