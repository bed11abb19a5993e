/**
 * The worked example for plugin authors: one scoring criterion contributed from a bundle of its own, as a third party
 * writes it.
 *
 * @since 0.1
 */
package org.trajectory.scoring.example;
