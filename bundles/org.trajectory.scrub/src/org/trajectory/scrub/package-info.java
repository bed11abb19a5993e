/**
 * Personal data out before a dataset is published: detectors of each kind (a catalogue a team extends with its own),
 * the scrub that runs them over every text and screenshot of a task and stores what it found for review, and the
 * export's redaction of what was kept ({@link org.trajectory.dataset.Redaction}).
 */
package org.trajectory.scrub;
