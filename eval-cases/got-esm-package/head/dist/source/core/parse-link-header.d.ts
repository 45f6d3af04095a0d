export default function parseLinkHeader(link: string): {
    reference: string;
    parameters: Record<string, string>;
}[];
