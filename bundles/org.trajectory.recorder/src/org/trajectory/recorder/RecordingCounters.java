package org.trajectory.recorder;

/** What a recording in progress has written so far, for a window's live status line; safe to read from any thread. */
public interface RecordingCounters {

    /** Input events written. */
    long events();

    /** Changes of the window in front written. */
    long windows();

    /** Video frames written. */
    long frames();

    /** Frames the capture could not keep up with. */
    long framesSkipped();

    /** The last problem the recording met (a full disk, a lost device), or null. */
    String lastProblem();

    /** The latest small picture of the screen, or null before the first. */
    Preview preview();
}
