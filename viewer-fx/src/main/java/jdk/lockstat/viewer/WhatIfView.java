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

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.WhatIfQuery;

/**
 * The What-if view (lockstat whatif's): the user picks how sections are named and how long their holds
 * should take, and sees the predicted speedup of each of the top sections beside its blocked share, its
 * rank by blocked time, its hold share and its share of the critical path. The trace is replayed in the
 * background, once per Predict.
 */
final class WhatIfView extends BorderPane {
    static final List<Double> SCALES = List.of(0.0, 0.25, 0.5, 0.75);
    final ComboBox<Aspect> by = new ComboBox<>(FXCollections.observableArrayList(WhatIfQuery.SECTION_ASPECTS));
    final ComboBox<Double> scale = new ComboBox<>(FXCollections.observableArrayList(SCALES));
    final Button predict = new Button("Predict");
    final Label note = new Label("Pick how sections are named and how long their holds take, then Predict.");
    final TableView<WhatIfQuery.Row> table = new TableView<>();
    private Path trace;
    private Task<WhatIfQuery.Prediction> running;

    WhatIfView() {
        by.setValue(Aspect.OWNER_METHOD);
        by.setConverter(new StringConverter<>() {
            @Override
            public String toString(Aspect a) {
                return a == null ? "" : a.displayName();
            }

            @Override
            public Aspect fromString(String s) {
                return Aspect.byName(s);
            }
        });
        scale.setValue(0.5);
        scale.setConverter(new StringConverter<>() {
            @Override
            public String toString(Double s) {
                return s == null ? "" : s == 0 ? "0 (gone)" : String.format(Locale.ROOT, "%.2f", s);
            }

            @Override
            public Double fromString(String s) {
                return Double.valueOf(s.replace(" (gone)", ""));
            }
        });
        by.setId("whatif-by");
        scale.setId("whatif-scale");
        predict.setId("whatif-predict");
        note.setId("whatif-note");
        note.setWrapText(true);
        table.setId("whatif-table");
        predict.setOnAction(e -> predict());
        HBox controls = new HBox(8, new Label("Sections by"), by, new Label("holds take"), scale, new Label("of their time"), predict);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(6));
        BorderPane top = new BorderPane(note, controls, null, null, null);
        BorderPane.setMargin(note, new Insets(0, 6, 6, 6));
        setTop(top);
        setCenter(table);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<WhatIfQuery.Row, String> section = new TableColumn<>("Section");
        section.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().section()));
        section.setPrefWidth(470);
        table.getColumns().add(section);
        table.getColumns().add(number("Speedup", WhatIfQuery.Row::predictedSpeedup, "%.2fx"));
        table.getColumns().add(number("Blocked %", WhatIfQuery.Row::blockedPercent, "%.2f"));
        table.getColumns().add(number("Rank by blocked", r -> (double) r.blockedRank(), "#%.0f"));
        table.getColumns().add(number("Held %", WhatIfQuery.Row::heldPercent, "%.2f"));
        table.getColumns().add(number("On critical path %", WhatIfQuery.Row::criticalPathPercent, "%.2f"));
        table.setPlaceholder(new Label("No prediction yet"));
    }

    private static TableColumn<WhatIfQuery.Row, Double> number(String title, Function<WhatIfQuery.Row, Double> value, String format) {
        TableColumn<WhatIfQuery.Row, Double> c = new TableColumn<>(title);
        c.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(value.apply(r.getValue())));
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : String.format(Locale.ROOT, format, v));
            }
        });
        c.setStyle("-fx-alignment: CENTER-RIGHT;");
        c.setPrefWidth(120);
        return c;
    }

    /** The trace to predict for; clears what was shown for the previous one. */
    void trace(Path file) {
        if (running != null) {
            running.cancel(false);
        }
        trace = file;
        table.getItems().clear();
        note.setText("Pick how sections are named and how long their holds take, then Predict.");
    }

    /** Replays the trace in the background with the chosen sections and scale. */
    void predict() {
        if (trace == null || (running != null && running.isRunning())) {
            return;
        }
        Path file = trace;
        Aspect a = by.getValue();
        double s = scale.getValue();
        Task<WhatIfQuery.Prediction> t = new Task<>() {
            @Override
            protected WhatIfQuery.Prediction call() throws Exception {
                return WhatIfQuery.predict(file, a, s, 20);
            }
        };
        running = t;
        predict.setDisable(true);
        note.setText("Replaying the run's lock hand-offs\u2026");
        t.setOnSucceeded(e -> {
            predict.setDisable(false);
            if (trace == file) {
                show(t.getValue());
            }
        });
        t.setOnFailed(e -> {
            predict.setDisable(false);
            note.setText("No prediction: " + t.getException().getMessage());
        });
        t.setOnCancelled(e -> predict.setDisable(false));
        Thread worker = new Thread(t, "lockstat-viewer-whatif");
        worker.setDaemon(true);
        worker.start();
    }

    private void show(WhatIfQuery.Prediction p) {
        table.getItems().setAll(p.rows());
        String cpus = p.replayCpus() > 0 ? String.format(Locale.ROOT, "; the run kept %.0f%% of its CPUs busy, so the replay shares %.1f CPUs",
                p.cpuBusyPercent(), p.replayCpus()) : "";
        note.setText(p.rows().isEmpty() ? "No holds to replay: no thread was blocked on a lock while another held it."
                : String.format(Locale.ROOT, "Speedup of the traced work if the section's holds took %.2f of their time, from a replay of the "
                + "run's lock hand-offs (unscaled, it goes at %.2f of the recorded speed%s). Ranked by gain: where the rank by "
                + "blocked time differs, blocked time is not what a shorter section gives back. lockstat help whatif says "
                + "where the model is wrong.", p.scale(), p.replayRatio(), cpus));
    }
}
