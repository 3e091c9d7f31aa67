// MQM error annotation (Freitag et al. 2021, the typology of Google's WMT MQM release) written in the
// scheme language: the data is mqm.json. It runs under the scheme runtime; its scores are the
// named analysis mqm.scores (lib/reports/analyses/mqm-analysis.ts). The label values are the category
// strings of the WMT TSV files ("Accuracy/Mistranslation"), so imports and exports need no table.
import definition from "./mqm.json";
import { ZSchemeDefinition, type TSchemeDefinition } from "../language/scheme-definition";

export const MQM_PRESET: TSchemeDefinition = ZSchemeDefinition.parse(definition);
