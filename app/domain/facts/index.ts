// The fact catalogue and what the rules read from it (issue #20). Browser-safe.
export { personAnswers, type PersonField, vehicleAnswers, type VehicleField } from "./answers";
export * from "./catalogue";
export * from "./reads";
