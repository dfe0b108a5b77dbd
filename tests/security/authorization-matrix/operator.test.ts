// The authorization matrix (../authorization-matrix.test.ts) for company X's pages: /operadora/….
import { AREAS, describeMatrix, routeIds } from "./harness";

describeMatrix("company pages", routeIds.filter(AREAS.operator));
