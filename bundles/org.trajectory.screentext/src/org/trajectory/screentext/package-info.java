/**
 * The text a screen shows, read by one catalogue of readers ({@link org.trajectory.screentext.ScreenTexts}): scrub,
 * the offline annotator and the offline extraction all read screens through it, with the reader a preference chooses.
 */
package org.trajectory.screentext;
